import { setup } from 'xstate';

/**
 * Web push token refresh (001 §4, §9): when the stored last-update time is
 * 0 or older than 604800 s, get the token (getPushToken, provided by the
 * push work) and post it with the service language; a missing registration
 * only logs a warning.
 */
export const PUSH_REFRESH_SECONDS = 604800;

export interface PushTokenInput {
  lastUpdated: number;
  now: number;
}

export type PushTokenEvent =
  { type: 'token.received'; token: string } | { type: 'token.unavailable' } | { type: 'token.posted' } | { type: 'token.failed' };

export const pushTokenMachine = setup({
  types: { input: {} as PushTokenInput, context: {} as PushTokenInput, events: {} as PushTokenEvent },
  actions: {
    getPushToken: () => {},
    postToken: (_, _p: { token: string }) => {},
    saveUpdated: (_, _p: { now: number }) => {},
    warn: (_, _p: { reason: string }) => {},
  },
  guards: {
    isStale: ({ context: c }) => c.lastUpdated === 0 || c.now - c.lastUpdated > PUSH_REFRESH_SECONDS,
  },
}).createMachine({
  id: 'pushToken',
  context: ({ input }) => input,
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'isStale', target: 'fetching' }, { target: 'fresh' }] },
    fetching: {
      entry: 'getPushToken',
      on: {
        'token.received': { target: 'posting', actions: { type: 'postToken', params: ({ event }) => ({ token: event.token }) } },
        'token.unavailable': { target: 'failed', actions: { type: 'warn', params: { reason: 'no push registration' } } },
      },
    },
    posting: {
      on: {
        'token.posted': { target: 'done', actions: { type: 'saveUpdated', params: ({ context }) => ({ now: context.now }) } },
        'token.failed': { target: 'failed', actions: { type: 'warn', params: { reason: 'token post failed' } } },
      },
    },
    fresh: {},
    done: {},
    failed: {},
  },
});
