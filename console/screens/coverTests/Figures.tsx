import type { CoverTest } from '../../../core/console/schemas/coverTests';
import { MIN_VISITORS } from '../../../core/console/coverTests';
import { locale, t } from '../../i18n';

/** A test's name as the screens say it: its title's, or its banner's (with the banner's title, if it has one). */
export function testName(x: Pick<CoverTest, 'slot' | 'bannerId' | 'titleId' | 'titleName'>): string {
  if (x.slot !== 'banner') return x.titleName || `#${x.titleId}`;
  const banner = t('console.coverTest.bannerName', { id: x.bannerId });
  return x.titleName ? `${banner} · ${x.titleName}` : banner;
}

const minutes = (sec: number) =>
  new Intl.NumberFormat(locale(), { style: 'unit', unit: 'minute', maximumFractionDigits: 1 }).format(sec / 60);

/** A variant's name as the screen says it: A, B, C. */
export const variantName = (i: number) => String.fromCharCode(65 + i);

const pct = (x: number) => new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(x);
const num = (x: number, digits = 0) => new Intl.NumberFormat(locale(), { maximumFractionDigits: digits }).format(x);

/**
 * Per variant: its image, impressions, taps, visitors, tap share, readers,
 * reading share, chapters and reading time per reader. A banner with no
 * title has no readers to count: those columns say so (a dash) and the note
 * says the winner is picked by tap share.
 */
export function Figures({ test }: { test: CoverTest }) {
  const reading = test.measure === 'reading';
  const dash = '—';
  return (
    <section className="c-panel" aria-labelledby="cover-figures">
      <h2 id="cover-figures">{t('console.coverTest.variants', { count: test.images.length })}</h2>
      {/* Scrolled sideways at phone width: a region a keyboard can reach and scroll. */}
      <div className="c-table-wrap" tabIndex={0} role="region" aria-labelledby="cover-figures">
        <table className="c-table c-cover-test__figures">
          <thead>
            <tr>
              <th scope="col">{t('console.coverTest.variant')}</th>
              <th scope="col">{t('console.coverTest.impressions')}</th>
              <th scope="col">{t('console.coverTest.taps')}</th>
              <th scope="col">{t('console.coverTest.visitors')}</th>
              <th scope="col">{t('console.coverTest.tapShare')}</th>
              <th scope="col">{t('console.coverTest.readers')}</th>
              <th scope="col">{t('console.coverTest.share')}</th>
              <th scope="col">{t('console.coverTest.chaptersPerReader')}</th>
              <th scope="col">{t('console.coverTest.readingTime')}</th>
            </tr>
          </thead>
          <tbody>
            {test.variants.map((v) => (
              <tr key={v.index} className={v.index === test.winner ? 'c-cover-test__winner' : ''}>
                <th scope="row">
                  <img className={`c-cover-test__image c-cover-test__image--${test.slot}`} src={v.image} alt="" />
                  <span>
                    {t('console.coverTest.variantName', { variant: variantName(v.index) })}
                    {v.index === 0 ? ` ${t('console.coverTest.current')}` : ''}
                    {v.index === test.winner ? ` ${t('console.coverTest.winner')}` : ''}
                  </span>
                </th>
                <td className="c-num">{num(v.impressions)}</td>
                <td className="c-num">{num(v.taps)}</td>
                <td className="c-num">{num(v.visitors)}</td>
                <td className="c-num">{pct(v.tapShare)}</td>
                <td className="c-num">{reading ? num(v.readers) : dash}</td>
                <td className="c-num">{reading ? pct(v.share) : dash}</td>
                <td className="c-num">{reading ? num(v.chaptersPerReader, 1) : dash}</td>
                <td className="c-num">{reading ? minutes(v.readingSecondsPerReader) : dash}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {reading ? null : <p className="c-cover-test__measure">{t('console.coverTest.byTaps')}</p>}
      <p className="c-field__hint">{t(test.slot === 'banner' ? 'console.coverTest.howCountedBanner' : 'console.coverTest.howCounted')}</p>
    </section>
  );
}

/** How sure the figures are, in plain words: not enough data yet, a clear difference, or none yet. */
export function Confidence({ test }: { test: CoverTest }) {
  const c = test.confidence;
  let text: string;
  if (c.kind === 'not-enough') text = t('console.coverTest.notEnough', { min: num(MIN_VISITORS), more: num(c.needVisitors) });
  else if (c.significant)
    text = t('console.coverTest.clear', {
      leader: variantName(c.leader),
      other: variantName(c.runnerUp),
      confidence: pct(Math.min(c.confidence, 0.999)),
      p: num(c.p, 3),
    });
  else text = t('console.coverTest.unclear', { leader: variantName(c.leader), other: variantName(c.runnerUp), p: num(c.p, 2) });
  return (
    <section className="c-panel" aria-labelledby="cover-confidence">
      <h2 id="cover-confidence">{t('console.coverTest.confidence')}</h2>
      <p className="c-cover-test__verdict">{text}</p>
      <p className="c-field__hint">{t('console.coverTest.method')}</p>
    </section>
  );
}
