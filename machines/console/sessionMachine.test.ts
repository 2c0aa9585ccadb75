import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine, type ConsoleMember, type SessionEvent } from './sessionMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';

const member: ConsoleMember = { id: 1, email: 'ann@example.com', name: 'Ann', roles: ['owner'], languages: [] };
const EVENTS: SessionEvent[] = [
  { type: 'session.loaded', member },
  { type: 'session.expired' },
  { type: 'poll.due' },
  { type: 'visibility.change', visible: false },
  { type: 'signOut.request' },
  { type: 'signOut.done' },
];

describe('sessionMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'consoleSession',
      sessionMachine,
      machinePaths(sessionMachine, {
        inputs: [{ visible: true }],
        events: EVENTS,
        // A poll while hidden (refused by the guard), and a poll's answer while active (same state).
        sequences: () => [
          [EVENTS[0], EVENTS[3], EVENTS[2]],
          [EVENTS[0], EVENTS[2], EVENTS[0]],
        ],
      }),
    );
  });

  it('polls only while active and visible; a 401 expires the session', () => {
    const log = actionLog('loadSession', 'startPolling', 'stopPolling', 'signOut');
    const a = createActor(sessionMachine.provide({ actions: log.actions }), { input: { visible: true } }).start();
    a.send({ type: 'session.loaded', member });
    expect(log.names()).toEqual(['loadSession', 'startPolling']);
    expect(log.calls[1]).toEqual(['startPolling', { seconds: 60 }]);
    a.send({ type: 'poll.due' });
    a.send({ type: 'visibility.change', visible: false });
    a.send({ type: 'poll.due' });
    expect(log.names().filter((n) => n === 'loadSession')).toHaveLength(2);
    a.send({ type: 'session.expired' });
    expect(a.getSnapshot().value).toBe('expired');
    expect(a.getSnapshot().context.member).toBeNull();
    expect(log.names().at(-1)).toBe('stopPolling');
  });

  it('signs out through the server, and in again from expired or signed out', () => {
    const out = after(sessionMachine, { visible: true }, [EVENTS[0], EVENTS[4], EVENTS[5]]);
    expect(out.value).toBe('signedOut');
    expect(after(sessionMachine, { visible: true }, [EVENTS[0], EVENTS[1], EVENTS[0]]).value).toBe('active');
  });
});
