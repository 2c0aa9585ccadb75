import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { ModeratedComment } from '../../../core/console/schemas/voice';
import { commentModerationMachine, type CommentModerationEvent } from '../../../machines/console/commentModerationMachine';
import { inspect } from '../../../web/inspector';
import { problemCode } from '../../api/client';
import { moderate, type Move } from './moderationApi';

/**
 * One comment's moderation (machines/console/commentModerationMachine.ts)
 * with the real calls: the comment as last answered (`last`), and the reason
 * being typed, emptied once a move is done.
 */
export function useModeration(comment: ModeratedComment) {
  const [reason, setReason] = useState('');
  const [last, setLast] = useState(comment);
  const machine = useMemo(() => {
    const post = (move: Move, r: string, self: { send: (e: CommentModerationEvent) => void }) =>
      moderate(move, comment.id, r).then(
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
  return { state, send, last, reason, setReason };
}
