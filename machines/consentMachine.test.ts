import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CONSENT_MAX_TRIES, CONSENT_MIN_GROUPS, CONSENT_POLL_MS, consentMachine, type ConsentEvent } from './consentMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const ENOUGH: ConsentEvent = { type: 'consent.checked', activeGroups: CONSENT_MIN_GROUPS };
const TOO_FEW: ConsentEvent = { type: 'consent.checked', activeGroups: CONSENT_MIN_GROUPS - 1 };

describe('consentMachine', () => {
  it('paths reach every state and transition', () => {
    // Few tries keep the graph small; the rule is the same for 500.
    expectFullCoverage(
      'consent',
      consentMachine,
      machinePaths(consentMachine, { inputs: [{ maxTries: 1 }, { maxTries: 3 }], events: [ENOUGH, TOO_FEW] }),
    );
  });

  it('polls every 200 ms until 8 groups are active, then raises consent-ready once', () => {
    const log = actionLog('scheduleCheck', 'emitConsentReady');
    const a = createActor(consentMachine.provide({ actions: log.actions }), { input: {} }).start();
    a.send(TOO_FEW);
    a.send(TOO_FEW);
    expect(a.getSnapshot().context.tries).toBe(2);
    a.send(ENOUGH);
    expect(a.getSnapshot().value).toBe('ready');
    expect(log.calls).toEqual([
      ['scheduleCheck', { ms: CONSENT_POLL_MS }],
      ['scheduleCheck', { ms: CONSENT_POLL_MS }],
      ['scheduleCheck', { ms: CONSENT_POLL_MS }],
      ['emitConsentReady', undefined],
    ]);
  });

  it('gives up after at most 500 reads', () => {
    expect(CONSENT_MAX_TRIES).toBe(500);
    const reads = (n: number) =>
      after(
        consentMachine,
        {},
        Array.from({ length: n }, () => TOO_FEW),
      );
    expect(reads(CONSENT_MAX_TRIES - 1).value).toBe('polling');
    const last = reads(CONSENT_MAX_TRIES);
    expect(last.value).toBe('gaveUp');
    expect(last.context.tries).toBe(CONSENT_MAX_TRIES);
    expect(after(consentMachine, { maxTries: 2 }, [TOO_FEW, TOO_FEW, ENOUGH]).value).toBe('gaveUp');
  });
});
