import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { reauthMachine, type ReauthEvent } from './reauthMachine';
import { actionLog, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';

const EVENTS: ReauthEvent[] = [
  { type: 'action.start' },
  { type: 'action.done' },
  { type: 'action.failed', code: 'last-factor' },
  { type: 'action.reauthRequired' },
  { type: 'password.submit', password: 'a long enough passphrase' },
  { type: 'reauth.done' },
  { type: 'reauth.refused', problem: 'bad-credentials' },
  { type: 'dialog.cancel' },
];

describe('reauthMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('consoleReauth', reauthMachine, machinePaths(reauthMachine, { events: EVENTS }));
  });

  it('asks the password when the server wants it, then runs the same action again', () => {
    const log = actionLog('runAction', 'reauthenticate', 'actionDone');
    const a = createActor(reauthMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'action.start' });
    a.send({ type: 'action.reauthRequired' });
    a.send({ type: 'password.submit', password: '' });
    expect(a.getSnapshot().value).toBe('asking');
    a.send({ type: 'password.submit', password: 'wrong one' });
    a.send({ type: 'reauth.refused', problem: 'bad-credentials' });
    expect(a.getSnapshot().context.problem).toBe('bad-credentials');
    a.send({ type: 'password.submit', password: 'right one' });
    a.send({ type: 'reauth.done' });
    a.send({ type: 'action.done' });
    expect(log.calls).toEqual([
      ['runAction', { action: null }],
      ['reauthenticate', { password: 'wrong one' }],
      ['reauthenticate', { password: 'right one' }],
      ['runAction', { action: null }],
      ['actionDone', undefined],
    ]);
  });

  it('keeps the action failure for its screen; cancelling runs nothing', () => {
    const log = actionLog('runAction', 'reauthenticate', 'actionDone');
    const a = createActor(reauthMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'action.start' });
    a.send({ type: 'action.failed', code: 'last-factor' });
    expect(a.getSnapshot().context.failure).toBe('last-factor');
    a.send({ type: 'action.start' });
    expect(a.getSnapshot().context.failure).toBeNull();
    a.send({ type: 'action.reauthRequired' });
    a.send({ type: 'dialog.cancel' });
    expect(a.getSnapshot().value).toBe('idle');
    expect(log.names()).toEqual(['runAction', 'runAction']);
  });
});
