import { assign, setup } from 'xstate';

/**
 * One comment's like (000 §4 Comment like): like or unlike is sent; on
 * success alreadyLiked flips and numberOfLikes moves by one. While the call
 * runs the button is busy; a failure keeps the previous state and count.
 */
export interface CommentLikeContext {
  liked: boolean;
  likes: number;
  error: boolean;
}

export type CommentLikeEvent = { type: 'like.toggle' } | { type: 'like.done' } | { type: 'like.failed' };

export const commentLikeMachine = setup({
  types: {
    context: {} as CommentLikeContext,
    input: {} as { liked: boolean; likes: number },
    events: {} as CommentLikeEvent,
  },
  actions: {
    sendLike: () => {},
    sendUnlike: () => {},
  },
  guards: {
    isLiked: ({ context }) => context.liked,
  },
}).createMachine({
  id: 'commentLike',
  context: ({ input }) => ({ liked: input.liked, likes: input.likes, error: false }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'isLiked', target: 'liked' }, { target: 'notLiked' }] },
    notLiked: { on: { 'like.toggle': { target: 'liking', actions: assign({ error: false }) } } },
    liking: {
      entry: 'sendLike',
      on: {
        'like.done': { target: 'liked', actions: assign({ liked: true, likes: ({ context }) => context.likes + 1 }) },
        'like.failed': { target: 'notLiked', actions: assign({ error: true }) },
      },
    },
    liked: { on: { 'like.toggle': { target: 'unliking', actions: assign({ error: false }) } } },
    unliking: {
      entry: 'sendUnlike',
      on: {
        'like.done': { target: 'notLiked', actions: assign({ liked: false, likes: ({ context }) => Math.max(0, context.likes - 1) }) },
        'like.failed': { target: 'liked', actions: assign({ error: true }) },
      },
    },
  },
});
