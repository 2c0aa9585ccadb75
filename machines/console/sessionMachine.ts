import { assign, setup } from 'xstate';
import type { Member } from '../../core/console/schemas/common';

/**
 * The console's session while a member works: checked at start
 * (signed in, or not); while active, the session is polled every minute
 * while the tab is visible (the timer is provided: an injected clock sends
 * 'poll.due'), so a member disabled by an owner, timed out or signed out
 * elsewhere sees "You were signed out" in an open tab: every call answered 401
 * 'unauthenticated' (the poll's, or any screen's) expires it; at start it means
 * signed out. Signing in again from there returns to
 * the place the member was.
 */
/** The signed-in member, as GET /session answers it. */
export type ConsoleMember = Member;

export interface SessionContext {
  member: ConsoleMember | null;
  visible: boolean;
}

export type SessionEvent =
  | { type: 'session.loaded'; member: ConsoleMember }
  | { type: 'session.expired' }
  | { type: 'poll.due' }
  | { type: 'visibility.change'; visible: boolean }
  | { type: 'signOut.request' }
  | { type: 'signOut.done' };

const POLL_SECONDS = 60;

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent, input: {} as { visible: boolean } },
  actions: {
    loadSession: () => {},
    startPolling: (_, _p: { seconds: number }) => {},
    stopPolling: () => {},
    signOut: () => {},
  },
  guards: { visible: ({ context }) => context.visible },
}).createMachine({
  id: 'consoleSession',
  context: ({ input }) => ({ member: null, visible: input.visible }),
  initial: 'checking',
  entry: 'loadSession',
  on: { 'visibility.change': { actions: assign({ visible: ({ event }) => event.visible }) } },
  states: {
    checking: {
      on: {
        'session.loaded': { target: 'active', actions: assign({ member: ({ event }) => event.member }) },
        'session.expired': 'signedOut',
      },
    },
    active: {
      entry: { type: 'startPolling', params: { seconds: POLL_SECONDS } },
      exit: 'stopPolling',
      on: {
        // A hidden tab asks nothing; it is checked again once visible and due.
        'poll.due': { guard: 'visible', actions: 'loadSession' },
        'session.loaded': { actions: assign({ member: ({ event }) => event.member }) },
        'session.expired': { target: 'expired', actions: assign({ member: null }) },
        'signOut.request': 'signingOut',
      },
    },
    signingOut: {
      entry: 'signOut',
      on: { 'signOut.done': { target: 'signedOut', actions: assign({ member: null }) } },
    },
    expired: {
      on: { 'session.loaded': { target: 'active', actions: assign({ member: ({ event }) => event.member }) } },
    },
    signedOut: {
      on: { 'session.loaded': { target: 'active', actions: assign({ member: ({ event }) => event.member }) } },
    },
  },
});
