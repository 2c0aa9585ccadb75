import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { enrolmentMachine, passwordLongEnough, type EnrolmentEvent } from './enrolmentMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';

const totp = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrSvg: '<svg/>' };
const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`);
const EVENTS: EnrolmentEvent[] = [
  { type: 'invitation.loaded', email: 'ann@example.com', roles: ['owner'] },
  { type: 'invitation.invalid' },
  { type: 'password.submit', name: 'Ann', password: 'a long enough passphrase', method: 'totp' },
  { type: 'password.submit', name: 'Ann', password: 'a long enough passphrase', method: 'passkey' },
  { type: 'totp.started', totp },
  { type: 'passkey.done' },
  { type: 'factor.refused', problem: 'common-password' },
  { type: 'code.submit', code: '123456' },
  { type: 'totp.confirmed', recoveryCodes: codes },
  { type: 'codes.saved' },
];
const input = { token: 'tok' };

describe('enrolmentMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('consoleEnrolment', enrolmentMachine, machinePaths(enrolmentMachine, { inputs: [input], events: EVENTS }));
  });

  it('needs a name and a password of at least 12 characters', () => {
    expect(passwordLongEnough('x'.repeat(11))).toBe(false);
    expect(passwordLongEnough('x'.repeat(12))).toBe(true);
    // Characters, not UTF-16 units.
    expect(passwordLongEnough('😀'.repeat(11))).toBe(false);
    const short = after(enrolmentMachine, input, [EVENTS[0], { type: 'password.submit', name: 'Ann', password: 'short', method: 'totp' }]);
    expect(short.value).toBe('password');
    const noName = after(enrolmentMachine, input, [EVENTS[0], { ...EVENTS[2], name: ' ' } as EnrolmentEvent]);
    expect(noName.value).toBe('password');
  });

  it('TOTP: secret, a six-digit code, recovery codes shown once', () => {
    const log = actionLog('loadInvitation', 'startFactor', 'confirmTotp', 'enrolled');
    const a = createActor(enrolmentMachine.provide({ actions: log.actions }), { input }).start();
    for (const e of [EVENTS[0], EVENTS[2], EVENTS[4]]) a.send(e);
    a.send({ type: 'code.submit', code: '12345' });
    expect(a.getSnapshot().value).toBe('totp');
    a.send({ type: 'code.submit', code: ' 123456 ' });
    a.send({ type: 'factor.refused', problem: 'bad-code' });
    expect(a.getSnapshot().context.problem).toBe('bad-code');
    a.send({ type: 'code.submit', code: '654321' });
    a.send({ type: 'totp.confirmed', recoveryCodes: codes });
    expect(a.getSnapshot().context.recoveryCodes).toHaveLength(10);
    a.send({ type: 'codes.saved' });
    expect(a.getSnapshot().status).toBe('done');
    expect(a.getSnapshot().context.recoveryCodes).toEqual([]);
    expect(log.calls).toEqual([
      ['loadInvitation', { token: 'tok' }],
      ['startFactor', { token: 'tok', name: 'Ann', password: 'a long enough passphrase', method: 'totp' }],
      ['confirmTotp', { token: 'tok', code: '123456' }],
      ['confirmTotp', { token: 'tok', code: '654321' }],
      ['enrolled', undefined],
    ]);
  });

  it('a refused password goes back with the reason; a link used meanwhile is invalid', () => {
    expect(after(enrolmentMachine, input, [EVENTS[0], EVENTS[3], EVENTS[6]]).context.problem).toBe('common-password');
    expect(after(enrolmentMachine, input, [EVENTS[0], EVENTS[3], EVENTS[1]]).value).toBe('invalid');
  });
});
