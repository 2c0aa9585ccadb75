import { useId, useState } from 'react';
import type { Series } from '../../../core/console/schemas/catalog';
import { byShort } from '../../../core/languages';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { MomentField } from '../../ui/edit/MomentField';
import { Field, Problem } from '../../ui/ui';
import { useDraftPublish } from './useDraftPublish';
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

/** Why a write's failed: a chapter released meanwhile says so in this panel's words; any other by its code. */
function ReadersProblem({ code }: { code: string | null }) {
  if (code !== 'wrong-state') return <Problem code={code} />;
  return (
    <div className="c-alert" role="alert">
      {t('console.readers.wrongState')}
    </div>
  );
}

/** A write's button: off while the write is on its way, the reason beside it and named by its description. */
function SendButton({ sending, label, onClick }: { sending: boolean; label: string; onClick?: () => void }) {
  const reason = useId();
  return (
    <div className="c-row">
      <button
        type={onClick ? 'button' : 'submit'}
        className="c-button"
        disabled={sending}
        aria-describedby={sending ? reason : undefined}
        onClick={onClick}
      >
        {label}
      </button>
      {sending ? (
        <p id={reason} className="c-field__hint c-save-held">
          {t('console.readers.sending')}
        </p>
      ) : null}
    </div>
  );
}

interface WriteProps {
  sending: boolean;
  problem: string | null;
}

/** Publishing the drafts as coming soon: a date and the schedule text readers are shown (kept while sending, and after a refusal). */
function PublishForm({ sending, problem, onPublish }: WriteProps & { onPublish: (soonAt: number, soonText: string) => void }) {
  const [at, setAt] = useState<number | null>(null);
  const [text, setText] = useState('');
  return (
    <form
      aria-labelledby="publish-soon"
      onSubmit={(e) => {
        e.preventDefault();
        if (at !== null && !sending) onPublish(at, text);
      }}
    >
      <h3 id="publish-soon">{t('console.readers.publishHeading')}</h3>
      <p className="c-meta">{t('console.readers.publishHint')}</p>
      <MomentField label={t('console.readers.soonAt')} value={at} onChange={setAt} required />
      <Field label={t('console.readers.soonText')} required maxLength={500} value={text} onChange={(e) => setText(e.target.value)} />
      <ReadersProblem code={problem} />
      <SendButton sending={sending} label={t('console.readers.publish')} />
    </form>
  );
}

/** Taking a coming-soon series back to draft (while none of its chapters is released). */
function BackToDraft({ sending, problem, onBack }: WriteProps & { onBack: () => void }) {
  return (
    <div role="group" aria-labelledby="back-to-draft">
      <h3 id="back-to-draft">{t('console.readers.unpublishHeading')}</h3>
      <p className="c-meta">{t('console.readers.unpublishHint')}</p>
      <ReadersProblem code={problem} />
      <SendButton sending={sending} label={t('console.readers.unpublish')} onClick={onBack} />
    </div>
  );
}

/** The editor's actions on what readers see, by the series' state (machines/console/draftPublishMachine.ts). */
function ReaderActions({ series, onChanged }: { series: Series; onChanged: (notice: string | null) => void }) {
  const { snap, state, send } = useDraftPublish(series, onChanged);
  const problem = snap.context.problem;
  switch (state) {
    case 'draft':
    case 'publishing':
      return (
        <PublishForm
          sending={state === 'publishing'}
          problem={problem}
          onPublish={(soonAt, soonText) => send({ type: 'publish.submit', soonAt, soonText })}
        />
      );
    case 'soon':
    case 'unpublishing':
      return <BackToDraft sending={state === 'unpublishing'} problem={problem} onBack={() => send({ type: 'unpublish.submit' })} />;
    case 'live':
      return <p className="c-meta">{t('console.readers.liveLocked')}</p>;
    case 'conflict':
      return (
        <div className="c-alert c-alert--info" role="alert">
          {t('console.readers.conflict')}{' '}
          <button type="button" className="c-button c-button--quiet" onClick={() => send({ type: 'conflict.reload' })}>
            {t('console.common.reload')}
          </button>
        </div>
      );
    default:
      return null;
  }
}

/**
 * What readers see of the series now, and (editors) its actions: publishing
 * the drafts as coming soon, taking a coming-soon series back to draft.
 * `onChanged` shows a write's notice (null: none) and reads the series again.
 */
export function ReadersPanel({
  series,
  editor,
  onChanged,
}: {
  series: Series;
  editor: boolean;
  onChanged: (notice: string | null) => void;
}) {
  if (!series.titles.length) return null;
  return (
    <section className="c-panel" aria-labelledby="readers-title">
      <h2 id="readers-title">{t('console.readers.heading')}</h2>
      <StateList series={series} />
      {editor ? <ReaderActions series={series} onChanged={onChanged} /> : null}
    </section>
  );
}

/** The notice after a save: whether readers see it now. */
export const savedNotice = (s: Series) =>
  s.titles.every((x) => x.readers === 'draft') ? t('console.catalog.savedDraft') : t('console.catalog.saved');
