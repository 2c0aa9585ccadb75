import { assign, setup } from 'xstate';

/**
 * Consent handling (001 §4, §9): the consent tool's active groups are read
 * every 200 ms, at most 500 times, until at least 8 groups are active; then
 * the consent-ready event is raised. The clock is injected: scheduleCheck
 * arranges a 'consent.checked' event carrying the active-group count.
 */
export const CONSENT_POLL_MS = 200;
export const CONSENT_MAX_TRIES = 500;
export const CONSENT_MIN_GROUPS = 8;

export type ConsentEvent = { type: 'consent.checked'; activeGroups: number };

export const consentMachine = setup({
  types: {
    context: {} as { tries: number; maxTries: number },
    input: {} as { maxTries?: number }, // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion -- XState infers the input type from this assertion (without it: {})
    events: {} as ConsentEvent,
  },
  actions: {
    scheduleCheck: (_, _p: { ms: number }) => {},
    emitConsentReady: () => {},
  },
  guards: {
    hasEnoughGroups: ({ event }) => event.activeGroups >= CONSENT_MIN_GROUPS,
    hasTriesLeft: ({ context }) => context.tries + 1 < context.maxTries,
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({ tries: 0, maxTries: input.maxTries ?? CONSENT_MAX_TRIES }),
  initial: 'polling',
  states: {
    polling: {
      entry: { type: 'scheduleCheck', params: { ms: CONSENT_POLL_MS } },
      on: {
        'consent.checked': [
          { guard: 'hasEnoughGroups', target: 'ready' },
          { guard: 'hasTriesLeft', target: 'polling', reenter: true, actions: assign({ tries: ({ context }) => context.tries + 1 }) },
          { target: 'gaveUp', actions: assign({ tries: ({ context }) => context.tries + 1 }) },
        ],
      },
    },
    ready: { entry: 'emitConsentReady' },
    gaveUp: {},
  },
});
