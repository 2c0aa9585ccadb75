import { useState } from 'react';
import type { Series } from '../../../core/console/schemas/catalog';
import { UPLOAD_LIMITS } from '../../../core/console/schemas/catalog';
import { LANGUAGES } from '../../../core/languages';
import { call, callFile } from '../../api/call';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { Field, Problem } from '../../ui/ui';
import { NEW_SERIES, PlanSelects, Select } from './SeriesForm';
import { PublisherSelect } from './PublisherSelect';

interface NewTitle {
  name: string;
  author: string;
  language: string;
  rating: number;
  releaseSchedule: number;
  updateTiming: number;
  publisherId: number;
}
const EMPTY: NewTitle = { name: '', author: '', language: 'en', rating: 0, releaseSchedule: 2, updateTiming: 0, publisherId: 0 };

/** Makes the series with its first title in one write, then sends the cover if one was chosen. */
async function make(v: NewTitle, cover: File | null): Promise<Series> {
  const s = await call('POST /series', {
    body: {
      label: NEW_SERIES.label,
      status: NEW_SERIES.status,
      simulrelease: NEW_SERIES.simulrelease,
      rightToLeft: NEW_SERIES.rightToLeft,
      viewerMode: NEW_SERIES.viewerMode,
      tags: [],
      publisherId: v.publisherId,
      rating: v.rating,
      releaseSchedule: v.releaseSchedule,
      updateTiming: v.updateTiming,
      title: { language: v.language, name: v.name, author: v.author, overview: '', viewingPeriod: '', nonAppearance: '', isNew: true },
    },
  });
  const title = s.titles[0];
  if (cover && title)
    await callFile(
      'POST /catalog/titles/:id/images/:kind',
      { params: { id: title.id, kind: 'portrait' }, query: { version: title.version } },
      cover,
    );
  return s;
}

/**
 * The one "new title" form: name, author, language, cover, rating, schedule
 * and publisher make a series and its first title together, both drafts
 * (readers see nothing until a chapter is released or it is published as
 * coming soon). Other languages are added from the series' screen.
 */
export function NewTitleForm({ onMade, onCancel }: { onMade: (s: Series) => void; onCancel: () => void }) {
  const [v, setV] = useState(EMPTY);
  const [cover, setCover] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof NewTitle>(k: K) =>
    (x: NewTitle[K]) =>
      setV({ ...v, [k]: x });
  const submit = () => {
    setBusy(true);
    make(v, cover).then(onMade, (e: unknown) => {
      setBusy(false);
      setProblem(problemCode(e));
    });
  };
  return (
    <form
      className="c-panel"
      aria-labelledby="new-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 id="new-title">{t('console.newTitle.heading')}</h2>
      <p className="c-meta">{t('console.newTitle.draftHint')}</p>
      <fieldset className="c-series-form" disabled={busy}>
        <Field label={t('console.catalog.name')} required maxLength={200} value={v.name} onChange={(e) => set('name')(e.target.value)} />
        <Field label={t('console.titles.author')} maxLength={200} value={v.author} onChange={(e) => set('author')(e.target.value)} />
        <Select
          id="new-title-language"
          label={t('console.catalog.language')}
          value={v.language}
          options={LANGUAGES.map((l) => l.short)}
          text={(s) => LANGUAGES.find((l) => l.short === s)?.native ?? s}
          onChange={set('language')}
        />
        <div className="c-field">
          <label htmlFor="new-title-cover">{t('console.newTitle.cover')}</label>
          <input
            id="new-title-cover"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setProblem(f && f.size > UPLOAD_LIMITS.maxImageBytes ? 'image-too-large' : null);
              setCover(f && f.size <= UPLOAD_LIMITS.maxImageBytes ? f : null);
            }}
          />
        </div>
        <PlanSelects idPrefix="new-title" v={v} set={set} />
        <PublisherSelect value={v.publisherId} onChange={set('publisherId')} />
        <Problem code={problem} />
        <div className="c-row">
          <button type="submit" className="c-button">
            {t('console.newTitle.create')}
          </button>
          <button type="button" className="c-button c-button--quiet" onClick={onCancel}>
            {t('console.common.cancel')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
