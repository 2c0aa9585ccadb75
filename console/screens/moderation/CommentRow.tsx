import { useId, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { ModeratedComment } from '../../../core/console/schemas/voice';
import { commentModerationMachine } from '../../../machines/console/commentModerationMachine';
import { inspect } from '../../../web/inspector';
import { problemCode } from '../../api/client';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { Problem } from '../../ui/ui';

/** Each move's route. */
const MOVES = { hide: 'POST /comments/:id/hide', delete: 'POST /comments/:id/delete', restore: 'POST /comments/:id/restore' } as const;

/** One comment with its moderation: the machine decides what may be done; the requests are its effects. */
export function CommentRow({ comment }: { comment: ModeratedComment }) {
  if (comment.state === 'deleted')
    return <CommentText comment={comment} note={t('console.moderation.deletedBecause', { reason: comment.reason })} />;
  return <Moderated comment={comment} />;
}

function Moderated({ comment }: { comment: ModeratedComment }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [last, setLast] = useState(comment);
  const machine = useMemo(() => {
    const post = (
      verb: 'hide' | 'delete' | 'restore',
      r: string,
      self: { send: (e: { type: 'moderation.done' } | { type: 'moderation.failed'; code: string }) => void },
    ) =>
      call(MOVES[verb], { params: { id: comment.id }, body: { reason: r } }).then(
        (c) => {
          setLast(c);
          setReason('');
          self.send({ type: 'moderation.done' });
        },
        (e: unknown) => self.send({ type: 'moderation.failed', code: problemCode(e) }),
      );
    return commentModerationMachine.provide({
      actions: {
        hideComment: ({ self }, p) => void post('hide', p.reason, self),
        deleteComment: ({ self }, p) => void post('delete', p.reason, self),
        restoreComment: ({ self }, p) => void post('restore', p.reason, self),
      },
    });
  }, [comment.id]);
  const [state, send] = useMachine(machine, { input: { hidden: comment.state === 'hidden' }, inspect });
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
