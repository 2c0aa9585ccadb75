import { assign, setup } from 'xstate';
import {
  DOUBLE_TAP_ZOOM,
  HOME,
  INERTIA_MIN,
  INERTIA_TAU,
  clampPosition,
  dragInSlot,
  goTo,
  maxScroll,
  relaid,
  scrollBy,
  snapDirection,
  stepInSlot,
  zoomAbout,
  type Geometry,
  type Position,
} from '../core/viewer/camera';

/**
 * Where the reader is: the current spread (or vertical scroll), the zoom and
 * the drag in progress. Two parallel regions: the pointer (idle, dragging,
 * coasting with vertical inertia) and the zoom (fit, zoomed). Every gesture,
 * key and slider move arrives as one of these events; a page turn resets the
 * zoom. Inertia time is injected: `startInertia` drives `scroll.tick` events
 * until `stopInertia`.
 *
 * Horizontal slots larger than the window (fit width, height, original) are
 * read at zoom 1 by panning: a drag pans the slot and turns the page only
 * past the slot's edge (by the snap threshold); next and previous first move
 * through the slot by 90% of the window (camera.ts: stepInSlot). A page
 * turned forward opens at its start, turned backward at its end. A new
 * layout on the same slot (crops arrived, a resize) keeps the reader's place
 * inside it (camera.ts: relaid).
 */
export type PagingEvent =
  | { type: 'layout.set'; geometry: Geometry; index: number }
  | { type: 'page.next' }
  | { type: 'page.prev' }
  | { type: 'page.first' }
  | { type: 'page.last' }
  | { type: 'page.goto'; index: number }
  | { type: 'drag.start' }
  | { type: 'drag.move'; dx: number; dy: number }
  | { type: 'drag.end'; vx: number; vy: number }
  | { type: 'drag.cancel' }
  | { type: 'scroll.by'; dy: number }
  | { type: 'scroll.tick'; dt: number }
  | { type: 'zoom.by'; factor: number; x: number; y: number }
  | { type: 'zoom.toggle'; x: number; y: number }
  | { type: 'zoom.reset' };

export interface PagingContext {
  geometry: Geometry;
  pos: Position;
  /** Position when the drag began. */
  start: Position;
  /** Vertical inertia, px/ms of scroll. */
  velocity: number;
}

export interface PagingInput {
  geometry: Geometry;
  index?: number;
}

const EMPTY: Geometry = { mode: 'horizontal', rtl: false, viewport: { width: 1, height: 1 }, count: 0, tops: [], contentHeight: 1 };

/** Turns to the slot `dir` away: forward opens at its start, backward at its end; none past the ends. */
function turnBy(g: Geometry, p: Position, dir: number): Position {
  const i = p.index + dir;
  if (dir === 0 || i < 0 || i >= g.count) return { ...p, dragDx: 0 };
  return goTo(g, p, i, dir < 0);
}

/** A vertical "page" is most of a screen, so tall pages are read whole; a large horizontal slot is read the same way. */
function step(g: Geometry, p: Position, dir: 1 | -1): Position {
  if (g.mode === 'horizontal') {
    if (p.scale > 1.001) return goTo(g, p, p.index + dir, dir < 0);
    return stepInSlot(g, p, dir) ?? turnBy(g, p, dir);
  }
  return scrollBy(g, { ...p, scale: 1, panX: 0 }, dir * g.viewport.height * 0.9);
}

type E<T extends PagingEvent['type']> = Extract<PagingEvent, { type: T }>;

function turned(g: Geometry, p: Position, e: PagingEvent): Position {
  switch (e.type) {
    case 'page.next':
      return step(g, p, 1);
    case 'page.prev':
      return step(g, p, -1);
    case 'page.first':
      return goTo(g, p, 0);
    case 'page.last':
      return g.mode === 'vertical' ? clampPosition(g, { ...HOME, scrollY: maxScroll(g, 1) }) : goTo(g, p, g.count - 1);
    case 'page.goto':
      return goTo(g, p, e.index);
    default:
      return p;
  }
}

const TURNS = ['page.next', 'page.prev', 'page.first', 'page.last', 'page.goto'] as const;

export const pagingMachine = setup({
  types: {
    context: {} as PagingContext,
    events: {} as PagingEvent,
    input: {} as PagingInput,
  },
  actions: {
    startInertia: () => {},
    stopInertia: () => {},
    setLayout: assign(({ event, context }) => {
      if (event.type !== 'layout.set') return context;
      const pos = relaid(context.geometry, context.pos, event.geometry, event.index);
      return { geometry: event.geometry, pos, start: pos, velocity: 0 };
    }),
    turn: assign(({ context, event }) => ({ pos: turned(context.geometry, context.pos, event), velocity: 0 })),
    beginDrag: assign(({ context }) => ({ start: context.pos, velocity: 0 })),
    moveDrag: assign(({ context, event }) => {
      const { dx, dy } = event as E<'drag.move'>;
      const g = context.geometry;
      const s = context.start;
      if (s.scale > 1.001)
        return {
          pos: clampPosition(g, { ...s, panX: s.panX - dx / s.scale, panY: s.panY - dy / s.scale, scrollY: s.scrollY - dy / s.scale }),
        };
      if (g.mode === 'vertical') return { pos: scrollBy(g, s, -dy) };
      return { pos: dragInSlot(g, s, dx, dy) };
    }),
    snap: assign(({ context, event }) => {
      const { vx } = event as E<'drag.end'>;
      const g = context.geometry;
      const p = context.pos;
      return { pos: turnBy(g, p, snapDirection(g, p.dragDx, vx)) };
    }),
    settle: assign(({ context }) => ({ pos: { ...context.pos, dragDx: 0 } })),
    setVelocity: assign(({ event }) => ({ velocity: -(event as E<'drag.end'>).vy })),
    coast: assign(({ context, event }) => {
      const { dt } = event as E<'scroll.tick'>;
      const v = context.velocity;
      const pos = scrollBy(context.geometry, context.pos, (v * dt) / context.pos.scale);
      return { pos, velocity: v * Math.exp(-dt / INERTIA_TAU) };
    }),
    scroll: assign(({ context, event }) => ({
      pos: scrollBy(context.geometry, context.pos, (event as E<'scroll.by'>).dy / context.pos.scale),
    })),
    zoomBy: assign(({ context, event }) => {
      const { factor, x, y } = event as E<'zoom.by'>;
      return { pos: zoomAbout(context.geometry, context.pos, context.pos.scale * factor, x, y) };
    }),
    zoomIn: assign(({ context, event }) => {
      const { x, y } = event as E<'zoom.toggle'>;
      return { pos: zoomAbout(context.geometry, context.pos, DOUBLE_TAP_ZOOM, x, y) };
    }),
    zoomOut: assign(({ context }) => ({ pos: zoomAbout(context.geometry, context.pos, 1, 0, 0) })),
  },
  guards: {
    isVertical: ({ context }) => context.geometry.mode === 'vertical',
    isHorizontalFit: ({ context }) => context.geometry.mode === 'horizontal' && context.start.scale <= 1.001,
    isFling: ({ context, event }) => context.geometry.mode === 'vertical' && Math.abs((event as E<'drag.end'>).vy) > INERTIA_MIN * 5,
    willStop: ({ context, event }) => {
      const { dt } = event as E<'scroll.tick'>;
      const v = context.velocity * Math.exp(-dt / INERTIA_TAU);
      const p = context.pos;
      const atEdge = (v < 0 && p.scrollY <= 0) || (v > 0 && p.scrollY >= maxScroll(context.geometry, p.scale));
      return Math.abs(v) < INERTIA_MIN || atEdge;
    },
    zoomsIn: ({ context, event }) => context.pos.scale * (event as E<'zoom.by'>).factor > 1.01,
    zoomsOut: ({ context, event }) => context.pos.scale * (event as E<'zoom.by'>).factor <= 1.01,
  },
}).createMachine({
  id: 'paging',
  type: 'parallel',
  context: ({ input }) => {
    const g = input.geometry ?? EMPTY;
    const pos = goTo(g, HOME, input.index ?? 0);
    return { geometry: g, pos, start: pos, velocity: 0 };
  },
  on: {
    'layout.set': { target: ['.pointer.idle', '.zoom.fit'], actions: 'setLayout' },
  },
  states: {
    pointer: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'drag.start': { target: 'dragging', actions: 'beginDrag' },
            'scroll.by': { guard: 'isVertical', actions: 'scroll' },
          },
        },
        dragging: {
          on: {
            'drag.move': { actions: 'moveDrag' },
            'drag.end': [
              { guard: 'isHorizontalFit', target: 'idle', actions: 'snap' },
              { guard: 'isFling', target: 'coasting', actions: 'setVelocity' },
              { target: 'idle', actions: 'settle' },
            ],
            'drag.cancel': { target: 'idle', actions: 'settle' },
          },
        },
        coasting: {
          entry: 'startInertia',
          exit: 'stopInertia',
          on: {
            'scroll.tick': [{ guard: 'willStop', target: 'idle', actions: 'coast' }, { actions: 'coast' }],
            'drag.start': { target: 'dragging', actions: 'beginDrag' },
            'scroll.by': { target: 'idle', actions: 'scroll' },
            ...Object.fromEntries(TURNS.map((t) => [t, { target: 'idle' }])),
          },
        },
      },
    },
    zoom: {
      initial: 'fit',
      states: {
        fit: {
          on: {
            ...Object.fromEntries(TURNS.map((t) => [t, { actions: 'turn' }])),
            'zoom.by': { guard: 'zoomsIn', target: 'zoomed', actions: 'zoomBy' },
            'zoom.toggle': { target: 'zoomed', actions: 'zoomIn' },
          },
        },
        zoomed: {
          on: {
            ...Object.fromEntries(TURNS.map((t) => [t, { target: 'fit', actions: 'turn' }])),
            'zoom.by': [{ guard: 'zoomsOut', target: 'fit', actions: 'zoomOut' }, { actions: 'zoomBy' }],
            'zoom.toggle': { target: 'fit', actions: 'zoomOut' },
            'zoom.reset': { target: 'fit', actions: 'zoomOut' },
          },
        },
      },
    },
  },
});
