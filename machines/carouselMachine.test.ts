import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { CLICK_SLOP_PX, SWIPE_PX, carouselMachine, type CarouselEvent } from './carouselMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const DOWN: CarouselEvent = { type: 'pointer.down', x: 100 };
const click = (x: number): CarouselEvent => ({ type: 'pointer.click', x, bannerId: 42 });
const TAP = click(100 + CLICK_SLOP_PX);
const SWIPE_LEFT = click(100 - SWIPE_PX);
const SWIPE_RIGHT = click(100 + SWIPE_PX);
/** Moved more than a click, less than a swipe. */
const NUDGE = click(100 + CLICK_SLOP_PX + 1);
const EVENTS: CarouselEvent[] = [
  { type: 'carousel.elapsed' },
  { type: 'carousel.next' },
  { type: 'carousel.prev' },
  { type: 'carousel.goto', index: 2 },
  { type: 'pointer.enter' },
  { type: 'pointer.leave' },
  DOWN,
  TAP,
  SWIPE_LEFT,
  SWIPE_RIGHT,
  NUDGE,
];

describe('carouselMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'carousel',
      carouselMachine,
      machinePaths(carouselMachine, {
        inputs: [{ count: 1 }, { count: 3 }],
        events: EVENTS,
        // Steps that land on a state already reached another way.
        sequences: () => [
          [DOWN, NUDGE],
          [DOWN, SWIPE_LEFT],
          [DOWN, SWIPE_RIGHT],
          [TAP],
          [{ type: 'carousel.next' }],
          [{ type: 'carousel.goto', index: 2 }],
          [{ type: 'pointer.enter' }, { type: 'carousel.goto', index: 2 }],
        ],
      }),
    );
  });

  it('autoplays on the injected clock and loops; a manual turn restarts the wait', () => {
    const log = actionLog('scheduleTick', 'cancelTick');
    const a = createActor(carouselMachine.provide({ actions: log.actions }), { input: { count: 3 } }).start();
    expect(a.getSnapshot().value).toBe('playing');
    for (const want of [1, 2, 0]) {
      a.send({ type: 'carousel.elapsed' });
      expect(a.getSnapshot().context.index).toBe(want);
    }
    a.send({ type: 'carousel.prev' });
    expect(a.getSnapshot().context.index).toBe(2);
    a.send({ type: 'carousel.goto', index: 4 });
    expect(a.getSnapshot().context.index).toBe(1);
    // Each tick and turn disarms the timer and arms a new one.
    expect(log.names()).toEqual(['scheduleTick', ...Array.from({ length: 5 }, () => ['cancelTick', 'scheduleTick']).flat()]);
  });

  it('pauses while the pointer is over it; the arrows still turn', () => {
    const log = actionLog('scheduleTick', 'cancelTick');
    const a = createActor(carouselMachine.provide({ actions: log.actions }), { input: { count: 3 } }).start();
    a.send({ type: 'pointer.enter' });
    a.send({ type: 'carousel.elapsed' });
    expect(a.getSnapshot().value).toBe('paused');
    expect(a.getSnapshot().context.index).toBe(0);
    a.send({ type: 'carousel.next' });
    expect(a.getSnapshot().context.index).toBe(1);
    a.send({ type: 'pointer.leave' });
    expect(a.getSnapshot().value).toBe('playing');
    expect(log.names()).toEqual(['scheduleTick', 'cancelTick', 'scheduleTick']);
  });

  it('a click follows the banner only if the pointer barely moved; a drag turns', () => {
    const log = actionLog('followBanner');
    const m = carouselMachine.provide({ actions: log.actions });
    expect(after(m, { count: 3 }, [DOWN, TAP]).context.index).toBe(0);
    expect(log.calls).toEqual([['followBanner', { bannerId: 42 }]]);
    expect(after(m, { count: 3 }, [DOWN, NUDGE]).context).toEqual({ index: 0, count: 3, downX: null });
    expect(after(m, { count: 3 }, [DOWN, SWIPE_LEFT]).context.index).toBe(1);
    expect(after(m, { count: 3 }, [DOWN, SWIPE_RIGHT]).context.index).toBe(2);
    expect(log.calls).toHaveLength(1);
  });

  it('one banner stays still', () => {
    const log = actionLog('scheduleTick');
    const a = createActor(carouselMachine.provide({ actions: log.actions }), { input: { count: 1 } }).start();
    a.send({ type: 'carousel.elapsed' });
    expect(a.getSnapshot().value).toBe('still');
    expect(log.calls).toEqual([]);
  });
});
