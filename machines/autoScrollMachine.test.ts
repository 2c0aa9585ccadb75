import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { autoScrollMachine, type AutoScrollEvent, type AutoScrollInput } from './autoScrollMachine';
import { autoScrollPxPerSec, autoTurnIntervalMs, clampAutoScrollLevel } from '../core/viewer/autoScroll';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: AutoScrollEvent[] = [
  { type: 'autoscroll.toggle' },
  { type: 'autoscroll.faster' },
  { type: 'autoscroll.slower' },
  { type: 'autoscroll.pause', reason: 'touch' },
  { type: 'autoscroll.resume' },
  { type: 'autoscroll.elapsed' },
  { type: 'autoscroll.ended' },
  { type: 'mode.changed', mode: 'horizontal' },
  { type: 'mode.changed', mode: 'vertical' },
  { type: 'motion.changed', reduced: true },
];
const VERTICAL: AutoScrollInput = { mode: 'vertical', reduced: false, level: 4 };
const HORIZONTAL: AutoScrollInput = { mode: 'horizontal', reduced: false, level: 4 };
const LOGGED = ['startScrolling', 'stopScrolling', 'startTurnTimer', 'cancelTurnTimer', 'turnPage', 'saveLevel'] as const;

function run(input: AutoScrollInput, events: AutoScrollEvent[]) {
  const log = actionLog(...LOGGED);
  const a = createActor(autoScrollMachine.provide({ actions: log.actions }), { input }).start();
  for (const e of events) a.send(e);
  return { log, snapshot: a.getSnapshot() };
}

describe('autoScrollMachine', () => {
  it('paths reach every state and transition', () => {
    // The graph tells states apart by value and the discrete parts of the context (the level runs 1..10).
    const paths = machinePaths(autoScrollMachine, {
      inputs: [VERTICAL, HORIZONTAL, { mode: 'vertical', reduced: false, level: 10 }, { mode: 'vertical', reduced: false, level: 1 }],
      events: EVENTS,
      serializeState: (s) => JSON.stringify([s.value, s.context]),
      // Shortest paths reach each state once; these walk every way out of the running states too.
      sequences: () => {
        const T = { type: 'autoscroll.toggle' } as const;
        const P = { type: 'autoscroll.pause', reason: 'touch' } as const;
        const moving = EVENTS.filter((e) => e.type !== 'autoscroll.toggle').map((e) => [T, e]);
        const turning = EVENTS.map((e) => [{ type: 'mode.changed', mode: 'horizontal' } as const, T, e]);
        const paused = EVENTS.map((e) => [T, P, e]);
        return [...moving, ...turning, ...paused, [T, T]];
      },
    });
    expectFullCoverage('autoScroll', autoScrollMachine, paths);
  });

  it('scrolls steadily in vertical mode, at the level it was set to', () => {
    const { log, snapshot } = run(VERTICAL, [{ type: 'autoscroll.toggle' }]);
    expect(snapshot.value).toEqual({ on: 'scrolling' });
    expect(log.calls).toEqual([['startScrolling', 4]]);
  });

  it('turns the page each time the injected clock says the interval passed, in horizontal mode', () => {
    const { log, snapshot } = run(HORIZONTAL, [
      { type: 'autoscroll.toggle' },
      { type: 'autoscroll.elapsed' },
      { type: 'autoscroll.elapsed' },
    ]);
    expect(snapshot.value).toEqual({ on: 'turning' });
    expect(log.names()).toEqual([
      'startTurnTimer',
      'cancelTurnTimer',
      'turnPage',
      'startTurnTimer',
      'cancelTurnTimer',
      'turnPage',
      'startTurnTimer',
    ]);
  });

  it('under reduced motion only turns pages, even in vertical mode', () => {
    const { log, snapshot } = run({ ...VERTICAL, reduced: true }, [{ type: 'autoscroll.toggle' }]);
    expect(snapshot.value).toEqual({ on: 'turning' });
    expect(log.names()).toEqual(['startTurnTimer']);
    const switched = run(VERTICAL, [{ type: 'autoscroll.toggle' }, { type: 'motion.changed', reduced: true }]);
    expect(switched.snapshot.value).toEqual({ on: 'turning' });
    expect(switched.log.names()).toEqual(['startScrolling', 'stopScrolling', 'startTurnTimer']);
  });

  it('a faster or slower level while scrolling restarts the scroll at the new speed and is saved', () => {
    const { log, snapshot } = run(VERTICAL, [
      { type: 'autoscroll.toggle' },
      { type: 'autoscroll.faster' },
      { type: 'autoscroll.slower' },
      { type: 'autoscroll.slower' },
    ]);
    expect(snapshot.context.level).toBe(3);
    expect(log.calls).toEqual([
      ['startScrolling', 4],
      ['stopScrolling', undefined],
      ['saveLevel', 5],
      ['startScrolling', 5],
      ['stopScrolling', undefined],
      ['saveLevel', 4],
      ['startScrolling', 4],
      ['stopScrolling', undefined],
      ['saveLevel', 3],
      ['startScrolling', 3],
    ]);
  });

  it('the level stays within 1..10 and changes while off or paused without starting anything', () => {
    expect(after(autoScrollMachine, { ...VERTICAL, level: 10 }, [{ type: 'autoscroll.faster' }]).context.level).toBe(10);
    expect(after(autoScrollMachine, { ...VERTICAL, level: 1 }, [{ type: 'autoscroll.slower' }]).context.level).toBe(1);
    const paused = run(VERTICAL, [
      { type: 'autoscroll.toggle' },
      { type: 'autoscroll.pause', reason: 'menu' },
      { type: 'autoscroll.faster' },
    ]);
    expect(paused.snapshot.value).toEqual({ on: 'paused' });
    expect(paused.log.names()).toEqual(['startScrolling', 'stopScrolling', 'saveLevel']);
    const off = run(VERTICAL, [{ type: 'autoscroll.faster' }]);
    expect(off.snapshot.value).toBe('off');
    expect(off.log.names()).toEqual(['saveLevel']);
  });

  it('a touch, a tap or a menu pauses; resuming goes on in the mode now current', () => {
    const { log, snapshot } = run(VERTICAL, [
      { type: 'autoscroll.toggle' },
      { type: 'autoscroll.pause', reason: 'tap' },
      { type: 'mode.changed', mode: 'horizontal' },
      { type: 'autoscroll.resume' },
    ]);
    expect(snapshot.value).toEqual({ on: 'turning' });
    expect(snapshot.context.pausedBy).toBeNull();
    expect(log.names()).toEqual(['startScrolling', 'stopScrolling', 'startTurnTimer']);
    expect(
      after(autoScrollMachine, VERTICAL, [{ type: 'autoscroll.toggle' }, { type: 'autoscroll.pause', reason: 'touch' }]).context.pausedBy,
    ).toBe('touch');
  });

  it('the chapter end or the control stops it while it moves; while paused the control resumes', () => {
    expect(after(autoScrollMachine, VERTICAL, [{ type: 'autoscroll.toggle' }, { type: 'autoscroll.ended' }]).value).toBe('off');
    expect(after(autoScrollMachine, HORIZONTAL, [{ type: 'autoscroll.toggle' }, { type: 'autoscroll.toggle' }]).value).toBe('off');
    const resumed = after(autoScrollMachine, HORIZONTAL, [
      { type: 'autoscroll.toggle' },
      { type: 'autoscroll.pause', reason: 'menu' },
      { type: 'autoscroll.toggle' },
    ]);
    expect([resumed.value, resumed.context.pausedBy]).toEqual([{ on: 'turning' }, null]);
    expect(after(autoScrollMachine, VERTICAL, [{ type: 'autoscroll.elapsed' }, { type: 'autoscroll.resume' }]).value).toBe('off');
  });

  it('speeds: a steady scroll of 20 px/s per level, a turn every 20 s down to 2 s; odd stored levels fall back', () => {
    expect([autoScrollPxPerSec(1), autoScrollPxPerSec(10)]).toEqual([20, 200]);
    expect([autoTurnIntervalMs(1), autoTurnIntervalMs(10)]).toEqual([20_000, 2000]);
    expect([clampAutoScrollLevel('7'), clampAutoScrollLevel(Number.NaN), clampAutoScrollLevel(99), clampAutoScrollLevel(2.6)]).toEqual([
      4, 4, 10, 3,
    ]);
  });
});
