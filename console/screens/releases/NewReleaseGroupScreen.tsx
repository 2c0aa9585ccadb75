import { useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { Partial } from '../../../core/console/schemas/releaseGroups';
import { problemCode } from '../../api/client';
import { locale, t } from '../../i18n';
import { Field, Loading, Problem } from '../../ui/ui';
import { languageName } from '../calendar/countdown';
import { draftsOfSeries, makeGroup } from './releaseGroupApi';
import { PartialChoice } from './GroupScheduleForm';
import './releases.css';

type Choices = Awaited<ReturnType<typeof draftsOfSeries>>;

/** Where readers of a language mostly are: the zones offered for showing the one time in. */
const ZONES_OF: Record<string, string> = {
  en: 'America/New_York',
  es: 'Europe/Madrid',
  fr: 'Europe/Paris',
  id: 'Asia/Jakarta',
  th: 'Asia/Bangkok',
  pt: 'America/Sao_Paulo',
  ru: 'Europe/Moscow',
  de: 'Europe/Berlin',
  vi: 'Asia/Ho_Chi_Minh',
};
const EXTRA_ZONES = ['UTC', 'Asia/Tokyo'];

/**
 * /chapters/:id/release-group: a release of this chapter in several
 * languages — one draft chosen per language title of its series, what missing
 * pages do, and the zones the one time is shown in; made as a draft release.
 */
export default function NewReleaseGroupScreen({ chapterId }: { chapterId: number }) {
  const [choices, setChoices] = useState<Choices | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    draftsOfSeries(chapterId).then(setChoices, (e: unknown) => setError(problemCode(e)));
  }, [chapterId]);
  if (error) return <Problem code={error} />;
  if (!choices) return <Loading />;
  return <NewGroupForm choices={choices} />;
}

function NewGroupForm({ choices }: { choices: Choices }) {
  const [, navigate] = useLocation();
  const l = locale();
  const [name, setName] = useState(choices.chapter.name);
  const [picked, setPicked] = useState<Record<number, number>>({ [choices.chapter.titleId]: choices.chapter.id });
  const [partial, setPartial] = useState<Partial>('block');
  const [zones, setZones] = useState<string[]>(['Asia/Tokyo']);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const offered = [...new Set([...choices.titles.map((x) => ZONES_OF[x.language]).filter(Boolean), ...EXTRA_ZONES])];
  const zonesId = useId();
  const submit = () => {
    const chapterIds = Object.values(picked).filter((x) => x > 0);
    setBusy(true);
    makeGroup({ name, chapterIds, partial, zones }).then(
      (g) => navigate(`/releases/${g.id}`),
      (e: unknown) => {
        setBusy(false);
        setProblem(problemCode(e));
      },
    );
  };
  return (
    <form
      className="c-release-group"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h1>{t('console.releaseGroup.new')}</h1>
      <p>{t('console.releaseGroup.newHint')}</p>
      <Problem code={problem} />
      <Field label={t('console.releaseGroup.name')} value={name} required maxLength={100} onChange={(e) => setName(e.target.value)} />
      <fieldset className="c-panel">
        <legend>{t('console.releaseGroup.editions')}</legend>
        {choices.titles.map((title) => (
          <div key={title.titleId} className="c-field">
            <label htmlFor={`edition-${title.titleId}`}>
              {languageName(title.language, l)} · <span lang={title.language}>{title.name}</span>
            </label>
            <select
              id={`edition-${title.titleId}`}
              value={picked[title.titleId] ?? 0}
              onChange={(e) => setPicked({ ...picked, [title.titleId]: Number(e.target.value) })}
            >
              <option value={0}>{t('console.releaseGroup.notIn')}</option>
              {title.drafts.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name} ({d.pageCount ? t('console.releaseGroup.pages', { count: d.pageCount }) : t('console.releaseGroup.noPages')})
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
      <PartialChoice value={partial} disabled={busy} onChoose={setPartial} />
      <fieldset className="c-panel" aria-describedby={`${zonesId}-hint`}>
        <legend>{t('console.releaseGroup.zones')}</legend>
        <p id={`${zonesId}-hint`} className="c-field__hint">
          {t('console.releaseGroup.zonesHint')}
        </p>
        {offered.map((z) => (
          <label key={z} className="c-release-group__choice">
            <input
              type="checkbox"
              checked={zones.includes(z)}
              onChange={(e) => setZones(e.target.checked ? [...zones, z] : zones.filter((x) => x !== z))}
            />
            {z}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="c-button" disabled={busy}>
        {t('console.releaseGroup.make')}
      </button>
    </form>
  );
}
