import { assign, setup } from 'xstate';

/**
 * Re-authentication around a sensitive action (issue 30: changing a second
 * factor, a role or a password asks for the password again first). The
 * action runs; when the server answers 403 'reauth-required' the dialog
 * asks for the password, and once it is accepted the same action runs again.
 * Cancelling leaves everything as it was.
 */
export type ReauthProblem = 'bad-credentials' | 'throttled' | 'account-throttled' | 'locked' | 'failed';

export interface ReauthContext {
  problem: ReauthProblem | null;
  /** The action's own failure code (e.g. 'last-factor', 'conflict'), for its screen to show. */
  failure: string | null;
  /** The action to run (opaque here: the UI's provided runAction calls it). */
  pending: unknown;
}

export type ReauthEvent =
  | { type: 'action.start'; action?: unknown }
  | { type: 'action.done' }
  | { type: 'action.failed'; code: string }
  | { type: 'action.reauthRequired' }
  | { type: 'password.submit'; password: string }
  | { type: 'reauth.done' }
  | { type: 'reauth.refused'; problem: ReauthProblem }
  | { type: 'dialog.cancel' };

export const reauthMachine = setup({
  types: { context: {} as ReauthContext, events: {} as ReauthEvent },
  actions: {
    runAction: (_, _p: { action: unknown }) => {},
    reauthenticate: (_, _p: { password: string }) => {},
    actionDone: () => {},
  },
  guards: { filled: ({ event }) => event.type === 'password.submit' && event.password !== '' },
}).createMachine({
  id: 'consoleReauth',
  context: { problem: null, failure: null, pending: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'action.start': { target: 'running', actions: assign({ failure: null, pending: ({ event }) => event.action ?? null }) } },
    },
    running: {
      entry: { type: 'runAction', params: ({ context }) => ({ action: context.pending }) },
      on: {
        'action.done': { target: 'idle', actions: 'actionDone' },
        'action.failed': { target: 'idle', actions: assign({ failure: ({ event }) => event.code }) },
        'action.reauthRequired': { target: 'asking', actions: assign({ problem: null }) },
      },
    },
    asking: {
      on: {
        'password.submit': {
          guard: 'filled',
          target: 'confirming',
          actions: [assign({ problem: null }), { type: 'reauthenticate', params: ({ event }) => ({ password: event.password }) }],
        },
        'dialog.cancel': 'idle',
      },
    },
    confirming: {
      on: {
        'reauth.done': 'running',
        'reauth.refused': { target: 'asking', actions: assign({ problem: ({ event }) => event.problem }) },
      },
    },
  },
});
