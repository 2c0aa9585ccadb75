import { assign, setup } from 'xstate';

/**
 * The favorite (bookmark) toggle of title detail and the viewer's last page
 * (000 §4 Favorite): not subscribed / subscribed; while the call runs the
 * toggle shows loading; a failure shows the error and restores the toggle;
 * success marks the favorites list stale (with what was saved). The calls are provided actions
 * (subscribe / unsubscribe) that answer with 'favorite.done' or
 * 'favorite.failed'. Release notifications are offered only once the
 * favorite is saved (offerNotifications, answering nothing): the toggle never
 * waits on the browser's permission prompt.
 */
export interface FavoriteToggleContext {
  error: string | null;
  /** The subscribed state the screen loaded with. */
  initial: boolean;
}

export type FavoriteToggleEvent =
  { type: 'favorite.toggle' } | { type: 'favorite.done' } | { type: 'favorite.failed'; message: string } | { type: 'error.dismiss' };

export const favoriteToggleMachine = setup({
  types: {
    context: {} as FavoriteToggleContext,
    input: {} as { subscribed: boolean },
    events: {} as FavoriteToggleEvent,
  },
  actions: {
    subscribe: () => {},
    unsubscribe: () => {},
    /** The favorite was saved as `subscribed`: lists and pages loaded before now are out of date. */
    markFavoritesStale: (_, _params: { subscribed: boolean }) => {},
    offerNotifications: () => {},
    setError: assign({ error: ({ event }) => (event.type === 'favorite.failed' ? event.message : null) }),
    clearError: assign({ error: null }),
  },
  guards: {
    startsSubscribed: ({ context }) => context.initial,
  },
}).createMachine({
  id: 'favoriteToggle',
  context: ({ input }) => ({ error: null, initial: input.subscribed }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'startsSubscribed', target: 'subscribed' }, { target: 'notSubscribed' }],
    },
    notSubscribed: {
      on: { 'favorite.toggle': { target: 'subscribing', actions: 'clearError' }, 'error.dismiss': { actions: 'clearError' } },
    },
    subscribing: {
      entry: 'subscribe',
      on: {
        'favorite.done': {
          target: 'subscribed',
          actions: [{ type: 'markFavoritesStale', params: { subscribed: true } }, 'offerNotifications'],
        },
        'favorite.failed': { target: 'notSubscribed', actions: 'setError' },
      },
    },
    subscribed: {
      on: { 'favorite.toggle': { target: 'unsubscribing', actions: 'clearError' }, 'error.dismiss': { actions: 'clearError' } },
    },
    unsubscribing: {
      entry: 'unsubscribe',
      on: {
        'favorite.done': { target: 'notSubscribed', actions: { type: 'markFavoritesStale', params: { subscribed: false } } },
        'favorite.failed': { target: 'subscribed', actions: 'setError' },
      },
    },
  },
});
