import { assign, setup } from 'xstate';

/**
 * One reader comment in the moderator's hands: hidden, deleted or
 * restored only with a reason (the audit log and the reader's rules keep it), a hidden
 * one restored, a deleted one gone for good. A refused request leaves the
 * comment as it was, with the server's problem code for the screen to show.
 */
/** 'reason-required' (refused here) or the server's problem code. */
type ModerationProblem = string;

export interface CommentModerationContext {
  hidden: boolean;
  problem: ModerationProblem | null;
}

export type CommentModerationEvent =
  | { type: 'comment.hide'; reason: string }
  | { type: 'comment.delete'; reason: string }
  | { type: 'comment.restore'; reason: string }
  | { type: 'moderation.done' }
  | { type: 'moderation.failed'; code: string };

const reasoned = ({ event }: { event: CommentModerationEvent }) => 'reason' in event && event.reason.trim() !== '';
const reasonOf = (event: CommentModerationEvent) => ('reason' in event ? event.reason.trim() : '');

export const commentModerationMachine = setup({
  types: { context: {} as CommentModerationContext, events: {} as CommentModerationEvent, input: {} as { hidden: boolean } },
  actions: {
    hideComment: (_, _p: { reason: string }) => {},
    deleteComment: (_, _p: { reason: string }) => {},
    restoreComment: (_, _p: { reason: string }) => {},
    noReason: assign({ problem: 'reason-required' }),
    clearProblem: assign({ problem: null }),
    noteFailure: assign({ problem: ({ event }) => (event.type === 'moderation.failed' ? event.code : null) }),
  },
  guards: { reasoned, wasHidden: ({ context }) => context.hidden },
}).createMachine({
  id: 'consoleCommentModeration',
  context: ({ input }) => ({ hidden: input.hidden, problem: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'wasHidden', target: 'hidden' }, { target: 'shown' }] },
    shown: {
      on: {
        'comment.hide': [
          {
            guard: 'reasoned',
            target: 'hiding',
            actions: ['clearProblem', { type: 'hideComment', params: ({ event }) => ({ reason: reasonOf(event) }) }],
          },
          { actions: 'noReason' },
        ],
        'comment.delete': [
          {
            guard: 'reasoned',
            target: 'deleting',
            actions: ['clearProblem', { type: 'deleteComment', params: ({ event }) => ({ reason: reasonOf(event) }) }],
          },
          { actions: 'noReason' },
        ],
      },
    },
    hiding: {
      on: {
        'moderation.done': { target: 'hidden', actions: assign({ hidden: true }) },
        'moderation.failed': { target: 'shown', actions: 'noteFailure' },
      },
    },
    hidden: {
      on: {
        'comment.restore': [
          {
            guard: 'reasoned',
            target: 'restoring',
            actions: ['clearProblem', { type: 'restoreComment', params: ({ event }) => ({ reason: reasonOf(event) }) }],
          },
          { actions: 'noReason' },
        ],
        'comment.delete': [
          {
            guard: 'reasoned',
            target: 'deleting',
            actions: ['clearProblem', { type: 'deleteComment', params: ({ event }) => ({ reason: reasonOf(event) }) }],
          },
          { actions: 'noReason' },
        ],
      },
    },
    restoring: {
      on: {
        'moderation.done': { target: 'shown', actions: assign({ hidden: false }) },
        'moderation.failed': { target: 'hidden', actions: 'noteFailure' },
      },
    },
    deleting: {
      on: {
        'moderation.done': 'deleted',
        'moderation.failed': [
          { guard: 'wasHidden', target: 'hidden', actions: 'noteFailure' },
          { target: 'shown', actions: 'noteFailure' },
        ],
      },
    },
    deleted: { type: 'final' },
  },
});
