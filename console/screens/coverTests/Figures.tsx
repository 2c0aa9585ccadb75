import type { CoverTest } from '../../../core/console/schemas/coverTests';
import { MIN_VISITORS } from '../../../core/console/coverTests';
import { locale, t } from '../../i18n';

/** A variant's name as the screen says it: A, B, C. */
export const variantName = (i: number) => String.fromCharCode(65 + i);

const pct = (x: number) => new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(x);
const num = (x: number, digits = 0) => new Intl.NumberFormat(locale(), { maximumFractionDigits: digits }).format(x);

/** Per variant: its image, impressions, taps, visitors, readers, reading share and chapters per reader. */
export function Figures({ test }: { test: CoverTest }) {
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
              <th scope="col">{t('console.coverTest.readers')}</th>
              <th scope="col">{t('console.coverTest.share')}</th>
              <th scope="col">{t('console.coverTest.chaptersPerReader')}</th>
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
                <td className="c-num">{num(v.readers)}</td>
                <td className="c-num">{pct(v.share)}</td>
                <td className="c-num">{num(v.chaptersPerReader, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="c-field__hint">{t('console.coverTest.howCounted')}</p>
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
