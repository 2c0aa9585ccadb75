import { assign, setup } from 'xstate';

/**
 * The home banner carousel (000 §2 Home, §9): autoplay every 3000 ms, pause
 * while the pointer is over it, loop; a click follows the banner only if the
 * pointer barely moved since it went down (otherwise it was a drag, which
 * turns the carousel instead). Time is injected: the provided scheduleTick
 * action arms a timer that sends 'carousel.elapsed'; cancelTick disarms it.
 */
export const AUTOPLAY_MS = 3000;
/** How far (px) the pointer may move between down and click for a click to count. */
export const CLICK_SLOP_PX = 8;
/** A drag at least this long turns the carousel. */
export const SWIPE_PX = 40;

export interface CarouselContext {
  index: number;
  count: number;
  downX: number | null;
}

export type CarouselEvent =
  | { type: 'carousel.elapsed' }
  | { type: 'carousel.next' }
  | { type: 'carousel.prev' }
  | { type: 'carousel.goto'; index: number }
  | { type: 'pointer.enter' }
  | { type: 'pointer.leave' }
  | { type: 'pointer.down'; x: number }
  | { type: 'pointer.click'; x: number; bannerId: number };

const wrap = (i: number, n: number) => (n <= 0 ? 0 : ((i % n) + n) % n);

export const carouselMachine = setup({
  types: {
    context: {} as CarouselContext,
    input: {} as { count: number },
    events: {} as CarouselEvent,
  },
  actions: {
    scheduleTick: () => {},
    cancelTick: () => {},
    followBanner: (_, _p: { bannerId: number }) => {},
    next: assign({ index: ({ context }) => wrap(context.index + 1, context.count) }),
    prev: assign({ index: ({ context }) => wrap(context.index - 1, context.count) }),
    goto: assign({ index: ({ context, event }) => (event.type === 'carousel.goto' ? wrap(event.index, context.count) : context.index) }),
  },
  guards: {
    canPlay: ({ context }) => context.count > 1,
    isTap: ({ context, event }) =>
      event.type === 'pointer.click' && (context.downX === null || Math.abs(event.x - context.downX) <= CLICK_SLOP_PX),
    isSwipeLeft: ({ context, event }) => event.type === 'pointer.click' && context.downX !== null && context.downX - event.x >= SWIPE_PX,
    isSwipeRight: ({ context, event }) => event.type === 'pointer.click' && context.downX !== null && event.x - context.downX >= SWIPE_PX,
  },
}).createMachine({
  id: 'carousel',
  context: ({ input }) => ({ index: 0, count: input.count, downX: null }),
  initial: 'starting',
  on: {
    'pointer.down': { actions: assign({ downX: ({ event }) => event.x }) },
    'pointer.click': [
      {
        guard: 'isTap',
        actions: [{ type: 'followBanner', params: ({ event }) => ({ bannerId: event.bannerId }) }, assign({ downX: null })],
      },
      { guard: 'isSwipeLeft', actions: ['next', assign({ downX: null })] },
      { guard: 'isSwipeRight', actions: ['prev', assign({ downX: null })] },
      // Moved a little, not far enough to turn: neither a click nor a swipe.
      { actions: assign({ downX: null }) },
    ],
  },
  states: {
    starting: { always: [{ guard: 'canPlay', target: 'playing' }, { target: 'still' }] },
    /** One banner or none: nothing to rotate. */
    still: {},
    // Arrows and dots exist only with more than one banner.
    playing: {
      entry: 'scheduleTick',
      exit: 'cancelTick',
      on: {
        'carousel.elapsed': { target: 'playing', reenter: true, actions: 'next' },
        // A manual turn restarts the 3 s wait.
        'carousel.next': { target: 'playing', reenter: true, actions: 'next' },
        'carousel.prev': { target: 'playing', reenter: true, actions: 'prev' },
        'carousel.goto': { target: 'playing', reenter: true, actions: 'goto' },
        'pointer.enter': 'paused',
      },
    },
    paused: {
      on: {
        'carousel.next': { actions: 'next' },
        'carousel.prev': { actions: 'prev' },
        'carousel.goto': { actions: 'goto' },
        'pointer.leave': 'playing',
      },
    },
  },
});
