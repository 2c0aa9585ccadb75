import { assign, setup } from 'xstate';

/**
 * Subscribing to release notifications (000 §4 favorites, 001 §4 push token):
 * where the browser supports Web Push and the visitor allows it, register the
 * service worker, obtain a subscription with the server's VAPID key, post it
 * with the service language. Unsupported or denied: no token, the favorite is
 * made without notifications.
 */
export interface PushSubscriptionInput {
  /** Service worker, PushManager and Notification all present. */
  supported: boolean;
  permission: 'default' | 'granted' | 'denied';
}

export interface PushSubscriptionContext extends PushSubscriptionInput {
  token: string | null;
}

export type PushSubscriptionEvent =
  | { type: 'permission.granted' }
  | { type: 'permission.denied' }
  | { type: 'worker.ready' }
  | { type: 'worker.failed' }
  | { type: 'subscription.ready'; token: string }
  | { type: 'subscription.failed' }
  | { type: 'token.posted' }
  | { type: 'token.failed' };

export const pushSubscriptionMachine = setup({
  types: {
    input: {} as PushSubscriptionInput,
    context: {} as PushSubscriptionContext,
    events: {} as PushSubscriptionEvent,
  },
  actions: {
    requestPermission: () => {},
    registerWorker: () => {},
    subscribe: () => {},
    postToken: (_, _p: { token: string }) => {},
    warn: (_, _p: { reason: string }) => {},
  },
  guards: {
    unsupported: ({ context }) => !context.supported,
    denied: ({ context }) => context.permission === 'denied',
    granted: ({ context }) => context.permission === 'granted',
  },
}).createMachine({
  id: 'pushSubscription',
  context: ({ input }) => ({ ...input, token: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'unsupported', target: 'unsupported' },
        { guard: 'denied', target: 'denied' },
        { guard: 'granted', target: 'registering' },
        { target: 'asking' },
      ],
    },
    asking: {
      entry: 'requestPermission',
      on: {
        'permission.granted': 'registering',
        'permission.denied': 'denied',
      },
    },
    registering: {
      entry: 'registerWorker',
      on: {
        'worker.ready': 'subscribing',
        'worker.failed': { target: 'failed', actions: { type: 'warn', params: { reason: 'service worker registration failed' } } },
      },
    },
    subscribing: {
      entry: 'subscribe',
      on: {
        'subscription.ready': { target: 'posting', actions: assign({ token: ({ event }) => event.token }) },
        'subscription.failed': { target: 'failed', actions: { type: 'warn', params: { reason: 'push subscription failed' } } },
      },
    },
    posting: {
      entry: { type: 'postToken', params: ({ context }) => ({ token: context.token ?? '' }) },
      on: {
        'token.posted': 'subscribed',
        // The token still goes with the favorite (PUT bookmark keeps it too).
        'token.failed': { target: 'unposted', actions: { type: 'warn', params: { reason: 'token post failed' } } },
      },
    },
    subscribed: { type: 'final' },
    unposted: { type: 'final' },
    unsupported: { type: 'final' },
    denied: { type: 'final' },
    failed: { type: 'final' },
  },
});
