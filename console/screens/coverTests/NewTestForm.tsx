import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { CoverSlot } from '../../../core/console/schemas/coverTests';
import { byShort } from '../../../core/languages';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { Problem } from '../../ui/ui';
import { useCall } from '../../ui/useLoad';
import { makeTest } from './coverTestApi';

const slotOf = (v: string): CoverSlot => (v === 'landscape' || v === 'banner' ? v : 'portrait');

/**
 * A new test: a title's cover or thumbnail (which title), or a home banner
 * (which banner); made as a draft with the current image as variant A.
 */
export function NewTestForm() {
  const [, navigate] = useLocation();
  // A banner's editor links here with ?banner=<id>: that banner is chosen.
  const asked = Number(new URLSearchParams(useSearch()).get('banner')) || 0;
  const [slot, setSlot] = useState<CoverSlot>(asked ? 'banner' : 'portrait');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const banner = slot === 'banner';
  return (
    <form
      className="c-panel c-cover-test__new"
      aria-labelledby="cover-new"
      onSubmit={(e) => {
        e.preventDefault();
        // The title or banner chosen (the list's first until another is).
        const picked = Number(new FormData(e.currentTarget).get('subject') ?? 0);
        if (!picked) return;
        setBusy(true);
        makeTest(banner ? { slot, bannerId: picked } : { slot, titleId: picked }).then(
          (x) => navigate(`/cover-tests/${x.id}`),
          (err: unknown) => {
            setBusy(false);
            setProblem(problemCode(err));
          },
        );
      }}
    >
      <h2 id="cover-new">{t('console.coverTest.new')}</h2>
      <div className="c-field">
        <label htmlFor="cover-slot">{t('console.coverTest.image')}</label>
        <select
          id="cover-slot"
          value={slot}
          onChange={(e) => {
            setSlot(slotOf(e.target.value));
            setProblem(null);
          }}
        >
          <option value="portrait">{t('console.coverTest.slot.portrait')}</option>
          <option value="landscape">{t('console.coverTest.slot.landscape')}</option>
          <option value="banner">{t('console.coverTest.slot.banner')}</option>
        </select>
      </div>
      {banner ? <BannerChoice first={asked} /> : <TitleChoice />}
      <Problem code={problem === 'wrong-state' ? null : problem} />
      {problem === 'wrong-state' ? (
        <div className="c-alert" role="alert">
          {t(banner ? 'console.coverTest.problem.alreadyBanner' : 'console.coverTest.problem.already')}
        </div>
      ) : null}
      <button type="submit" className="c-button" disabled={busy}>
        {t('console.coverTest.make')}
      </button>
    </form>
  );
}

/** The form's `subject`: one of `options` (`first` until another is chosen; else the first listed). */
function SubjectSelect({
  id,
  label,
  first = 0,
  options,
}: {
  id: string;
  label: string;
  first?: number;
  options: { id: number; text: string }[];
}) {
  const [value, setValue] = useState(first);
  return (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="subject" value={value || options[0]?.id || 0} onChange={(e) => setValue(Number(e.target.value))}>
        {options.map((x) => (
          <option key={x.id} value={x.id}>
            {x.text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Which title. */
function TitleChoice() {
  const titles = useCall('GET /catalog/titles', { query: {} });
  const options = (titles.data?.titles ?? []).map((x) => ({ id: x.id, text: `${x.name} (${byShort(x.language)?.native ?? x.language})` }));
  return <SubjectSelect id="cover-title" label={t('console.coverTest.title')} options={options} />;
}

/** Which home banner (`first` until another is chosen): the home's top banners, what the home answer shows every visitor. */
function BannerChoice({ first }: { first: number }) {
  const banners = useCall('GET /banners', { query: { placement: 'home_top' } });
  const list = banners.data?.banners ?? [];
  if (banners.data && !list.length) return <p className="c-meta">{t('console.coverTest.noBanners')}</p>;
  const options = list.map((x) => ({
    id: x.id,
    text: `${t('console.coverTest.bannerName', { id: x.id })} (${x.languages.length ? x.languages.join(', ') : '*'})`,
  }));
  return <SubjectSelect id="cover-banner" label={t('console.coverTest.banner')} first={first} options={options} />;
}
