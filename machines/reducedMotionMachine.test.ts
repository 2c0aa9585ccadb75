import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { reducedMotionMachine, type ReducedMotionEvent } from './reducedMotionMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: ReducedMotionEvent[] = [
  { type: 'system.changed', reduce: true },
  { type: 'system.changed', reduce: false },
  { type: 'system.changed', reduce: 'yes' as never },
  { type: 'setting.set', setting: 'auto' },
  { type: 'setting.set', setting: 'reduce' },
  { type: 'setting.set', setting: 'full' },
  { type: 'setting.set', setting: 'slow' as never },
];
const AUTO = { setting: 'auto' as const, system: false };

describe('reducedMotionMachine: the setting against the system’s preference', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'reducedMotion',
      reducedMotionMachine,
      machinePaths(reducedMotionMachine, { inputs: [AUTO, { setting: 'reduce', system: false }], events: EVENTS }),
    );
  });

  it('auto follows the system; reduce and full override it', () => {
    expect(after(reducedMotionMachine, AUTO, []).value).toBe('full');
    expect(after(reducedMotionMachine, AUTO, [EVENTS[0]]).value).toBe('reduced');
    expect(after(reducedMotionMachine, AUTO, [EVENTS[0], EVENTS[5]]).value).toBe('full');
    expect(after(reducedMotionMachine, AUTO, [EVENTS[4]]).value).toBe('reduced');
    expect(after(reducedMotionMachine, AUTO, [EVENTS[4], EVENTS[1]]).value).toBe('reduced');
    expect(after(reducedMotionMachine, AUTO, [EVENTS[2], EVENTS[6]]).context).toEqual(AUTO);
  });

  it('saves each setting chosen, not the system’s changes', () => {
    const log = actionLog('saveMotion');
    const a = createActor(reducedMotionMachine.provide({ actions: log.actions }), { input: AUTO }).start();
    a.send(EVENTS[0]);
    a.send(EVENTS[5]);
    expect(log.calls).toEqual([['saveMotion', 'full']]);
  });
});
