import { useState } from 'react';
import type { Series } from '../../../core/console/schemas/catalog';
import { byShort } from '../../../core/languages';
import { call } from '../../api/call';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { MomentField } from '../../ui/edit/MomentField';
import { Field, Problem } from '../../ui/ui';
import '../../ui/badge.css';

/** What readers see of each title: nothing (a draft), its coming-soon page, or the title with its chapters. */
function StateList({ series }: { series: Series }) {
  return (
    <ul className="c-list c-readers">
      {series.titles.map((x) => (
        <li key={x.id} data-readers={x.readers}>
          <strong>{byShort(x.language)?.native ?? x.language}</strong>{' '}
          <span className={`c-badge c-badge--${x.readers}`}>{t(`console.readers.${x.readers}`)}</span>{' '}
          <span className="c-meta">
            {x.readers === 'soon'
              ? t('console.readers.soonHint', { date: when(x.soonAt), text: x.soonText })
              : t(`console.readers.${x.readers}Hint`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Publishing the drafts as coming soon: a date and the schedule text readers are shown. */
function PublishForm({ series, onPublished }: { series: Series; onPublished: () => void }) {
  const [at, setAt] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      aria-labelledby="publish-soon"
      onSubmit={(e) => {
        e.preventDefault();
        if (at === null) return;
        call('POST /series/:id/publish', { params: { id: series.id }, body: { soonAt: at, soonText: text, version: series.version } }).then(
          onPublished,
          (err: unknown) => setProblem(problemCode(err)),
        );
      }}
    >
      <h3 id="publish-soon">{t('console.readers.publishHeading')}</h3>
      <p className="c-meta">{t('console.readers.publishHint')}</p>
      <MomentField label={t('console.readers.soonAt')} value={at} onChange={setAt} required />
      <Field label={t('console.readers.soonText')} required maxLength={500} value={text} onChange={(e) => setText(e.target.value)} />
      <Problem code={problem} />
      <button type="submit" className="c-button">
        {t('console.readers.publish')}
      </button>
    </form>
  );
}

/** What readers see of the series now, and (editors, while a title is a draft) publishing it as coming soon. */
export function ReadersPanel({ series, editor, onPublished }: { series: Series; editor: boolean; onPublished: () => void }) {
  if (!series.titles.length) return null;
  const drafts = series.titles.some((x) => x.readers === 'draft');
  return (
    <section className="c-panel" aria-labelledby="readers-title">
      <h2 id="readers-title">{t('console.readers.heading')}</h2>
      <StateList series={series} />
      {editor && drafts ? <PublishForm series={series} onPublished={onPublished} /> : null}
    </section>
  );
}

/** The notice after a save: whether readers see it now. */
export const savedNotice = (s: Series) =>
  s.titles.every((x) => x.readers === 'draft') ? t('console.catalog.savedDraft') : t('console.catalog.saved');
