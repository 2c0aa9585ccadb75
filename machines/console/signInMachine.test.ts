import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { signInMachine, type SignInEvent } from './signInMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';

export const SIGN_IN_EVENTS: SignInEvent[] = [
  { type: 'credentials.submit', email: 'ann@example.com', password: 'correct horse battery' },
  { type: 'credentials.accepted', challenge: 'c1', factors: ['totp', 'recovery'] },
  { type: 'credentials.refused', problem: 'bad-credentials' },
  { type: 'method.choose', method: 'recovery' },
  { type: 'factor.submit', code: '123456' },
  { type: 'factor.accepted' },
  { type: 'factor.refused', problem: 'bad-code' },
  { type: 'factor.refused', problem: 'locked', retryAfter: 900 },
  { type: 'signIn.restart' },
];

describe('signInMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('consoleSignIn', signInMachine, machinePaths(signInMachine, { events: SIGN_IN_EVENTS }));
  });

  it('asks the password, then always a second factor', () => {
    const log = actionLog('checkPassword', 'checkFactor', 'signedIn');
    const a = createActor(signInMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'credentials.submit', email: ' ', password: 'x' });
    expect(a.getSnapshot().value).toBe('credentials');
    a.send({ type: 'credentials.submit', email: 'ann@example.com', password: 'pw' });
    a.send({ type: 'credentials.accepted', challenge: 'c1', factors: ['passkey', 'recovery'] });
    // No TOTP held: the first factor offered is chosen.
    expect(a.getSnapshot().context.method).toBe('passkey');
    // A factor not offered cannot be chosen.
    a.send({ type: 'method.choose', method: 'totp' });
    expect(a.getSnapshot().context.method).toBe('passkey');
    a.send({ type: 'factor.submit', code: '' });
    expect(log.calls).toEqual([
      ['checkPassword', { email: 'ann@example.com', password: 'pw' }],
      ['checkFactor', { challenge: 'c1', method: 'passkey', code: '', passkeyOptions: null }],
    ]);
    a.send({ type: 'factor.accepted' });
    expect(a.getSnapshot().status).toBe('done');
    expect(log.names()).toContain('signedIn');
  });

  it('keeps the challenge on a wrong code; a lock or an expired challenge starts again', () => {
    const start: SignInEvent[] = [SIGN_IN_EVENTS[0], SIGN_IN_EVENTS[1]];
    expect(after(signInMachine, undefined, [...start, { type: 'factor.submit', code: '  ' }]).value).toBe('secondFactor');
    const wrong = after(signInMachine, undefined, [...start, SIGN_IN_EVENTS[4], SIGN_IN_EVENTS[6]]);
    expect(wrong.value).toBe('secondFactor');
    expect(wrong.context).toMatchObject({ challenge: 'c1', problem: 'bad-code' });
    const locked = after(signInMachine, undefined, [...start, SIGN_IN_EVENTS[4], SIGN_IN_EVENTS[7]]);
    expect(locked.value).toBe('credentials');
    expect(locked.context).toMatchObject({ challenge: '', problem: 'locked', retryAfter: 900 });
  });

  it('says how long to wait when throttled', () => {
    const s = after(signInMachine, undefined, [SIGN_IN_EVENTS[0], { type: 'credentials.refused', problem: 'throttled', retryAfter: 8 }]);
    expect(s.context).toMatchObject({ problem: 'throttled', retryAfter: 8 });
  });
});
