import { assign, setup } from 'xstate';

/**
 * One title on /favorited (000 §2, §4): REMOVE unsubscribes and marks the
 * item removed (it stays in place showing UNDO); UNDO resubscribes and
 * clears the mark; either flags the list for refresh. A failed call keeps
 * the previous mark and shows the error. Calls are provided actions that
 * answer 'bookmark.done' or 'bookmark.failed'.
 */
export type BookmarkItemEvent =
  { type: 'bookmark.remove' } | { type: 'bookmark.undo' } | { type: 'bookmark.done' } | { type: 'bookmark.failed'; message: string };

export const bookmarkItemMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as BookmarkItemEvent,
  },
  actions: {
    unsubscribe: () => {},
    resubscribe: () => {},
    flagListRefresh: () => {},
    setError: assign({ error: ({ event }) => (event.type === 'bookmark.failed' ? event.message : null) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'bookmarkItem',
  context: { error: null },
  initial: 'kept',
  states: {
    kept: { on: { 'bookmark.remove': { target: 'removing', actions: 'clearError' } } },
    removing: {
      entry: 'unsubscribe',
      on: {
        'bookmark.done': { target: 'removed', actions: 'flagListRefresh' },
        'bookmark.failed': { target: 'kept', actions: 'setError' },
      },
    },
    removed: { on: { 'bookmark.undo': { target: 'restoring', actions: 'clearError' } } },
    restoring: {
      entry: 'resubscribe',
      on: {
        'bookmark.done': { target: 'kept', actions: 'flagListRefresh' },
        'bookmark.failed': { target: 'removed', actions: 'setError' },
      },
    },
  },
});
