import { useId } from 'react';
import type { ModeratedComment } from '../../../core/console/schemas/voice';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { Problem } from '../../ui/ui';
import { useModeration } from './useModeration';

/** One comment with its moderation: the machine decides what may be done; the requests are its effects. */
export function CommentRow({ comment }: { comment: ModeratedComment }) {
  if (comment.state === 'deleted')
    return <CommentText comment={comment} note={t('console.moderation.deletedBecause', { reason: comment.reason })} />;
  return <Moderated comment={comment} />;
}

function Moderated({ comment }: { comment: ModeratedComment }) {
  const id = useId();
  const { state, send, last, reason, setReason } = useModeration(comment);
  const v = state.value as string;
  if (v === 'deleted') return <CommentText comment={last} note={t('console.moderation.deletedBecause', { reason: last.reason })} />;
  const busy = v === 'hiding' || v === 'restoring' || v === 'deleting';
  const hidden = v === 'hidden' || v === 'restoring';
  const name = last.userName;
  return (
    <CommentText comment={last} note={hidden ? t('console.moderation.hiddenBecause', { reason: last.reason }) : null}>
      <div className="c-row">
        <label htmlFor={`${id}-reason`} className="c-visually-hidden">
          {t('console.moderation.reasonFor', { name })}
        </label>
        <input
          id={`${id}-reason`}
          placeholder={t('console.moderation.reason')}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={state.context.problem === 'reason-required' ? true : undefined}
        />
        {hidden ? (
          <button type="button" className="c-button" disabled={busy} onClick={() => send({ type: 'comment.restore', reason })}>
            {t('console.moderation.restore')}
          </button>
        ) : (
          <button type="button" className="c-button" disabled={busy} onClick={() => send({ type: 'comment.hide', reason })}>
            {t('console.moderation.hide')}
          </button>
        )}
        <button type="button" className="c-button c-button--quiet" disabled={busy} onClick={() => send({ type: 'comment.delete', reason })}>
          {t('console.moderation.delete')}
        </button>
      </div>
      {state.context.problem ? <Problem code={state.context.problem} /> : null}
    </CommentText>
  );
}

function CommentText({ comment: c, note, children }: { comment: ModeratedComment; note: string | null; children?: React.ReactNode }) {
  return (
    <article className="c-comment" aria-label={t('console.moderation.commentBy', { name: c.userName })}>
      <p className="c-meta">
        {c.userName} · {c.titleName} {c.chapterName} · {when(c.createdAt)} · {t('console.moderation.likes', { count: c.likes })}
      </p>
      <p className="c-body">{c.body}</p>
      {note ? <p className="c-tag">{note}</p> : null}
      {children}
    </article>
  );
}
