import { assign, setup } from 'xstate';
import { AUTO_SCROLL_MAX, AUTO_SCROLL_MIN, clampAutoScrollLevel } from '../core/viewer/autoScroll';

/**
 * Auto-scroll in the viewer. Off until the reader starts it (the
 * bar's control or a key). While on it either scrolls steadily (vertical
 * mode, full motion: the viewer moves its camera at the level's speed,
 * `startScrolling` / `stopScrolling`) or turns the page every N seconds
 * (horizontal mode, or any mode under reduced motion: `startTurnTimer`
 * schedules on the injected clock, the actor gets `autoscroll.elapsed` and
 * `turnPage`). A touch, a tap or an open menu pauses it; `autoscroll.resume`
 * (the menu closing) or the bar's control (a key) goes on. The level changes
 * while reading (keys, the bar's − / +) and is remembered (`saveLevel`); the
 * chapter's end stops it.
 */
export type AutoScrollMode = 'vertical' | 'horizontal';
type PauseReason = 'touch' | 'tap' | 'menu';

export type AutoScrollEvent =
  | { type: 'autoscroll.toggle' }
  | { type: 'autoscroll.faster' }
  | { type: 'autoscroll.slower' }
  | { type: 'autoscroll.pause'; reason: PauseReason }
  | { type: 'autoscroll.resume' }
  | { type: 'autoscroll.elapsed' }
  | { type: 'autoscroll.ended' }
  | { type: 'mode.changed'; mode: AutoScrollMode }
  | { type: 'motion.changed'; reduced: boolean };

export interface AutoScrollInput {
  level?: number;
  mode: AutoScrollMode;
  reduced: boolean;
}

export interface AutoScrollContext {
  level: number;
  mode: AutoScrollMode;
  reduced: boolean;
  /** What paused it last (shown to the reader; null while not paused). */
  pausedBy: PauseReason | null;
}

const SAVE = { type: 'saveLevel', params: ({ context }: { context: AutoScrollContext }) => context.level } as const;

/** While moving: the change is applied, then the motion starts again from `choosing` with it. */
const RESTART = {
  'autoscroll.faster': { guard: 'canGoFaster', actions: ['faster', SAVE], target: 'choosing' },
  'autoscroll.slower': { guard: 'canGoSlower', actions: ['slower', SAVE], target: 'choosing' },
  'mode.changed': { actions: 'setMode', target: 'choosing' },
  'motion.changed': { actions: 'setMotion', target: 'choosing' },
} as const;

export const autoScrollMachine = setup({
  types: {
    context: {} as AutoScrollContext,
    events: {} as AutoScrollEvent,
    input: {} as AutoScrollInput,
  },
  actions: {
    startScrolling: (_, _level: number) => {},
    stopScrolling: () => {},
    startTurnTimer: (_, _level: number) => {},
    cancelTurnTimer: () => {},
    turnPage: () => {},
    saveLevel: (_, _level: number) => {},
    faster: assign(({ context }) => ({ level: Math.min(AUTO_SCROLL_MAX, context.level + 1) })),
    slower: assign(({ context }) => ({ level: Math.max(AUTO_SCROLL_MIN, context.level - 1) })),
    setMode: assign(({ event }) => (event.type === 'mode.changed' ? { mode: event.mode } : {})),
    setMotion: assign(({ event }) => (event.type === 'motion.changed' ? { reduced: event.reduced } : {})),
    notePause: assign(({ event }) => (event.type === 'autoscroll.pause' ? { pausedBy: event.reason } : {})),
    clearPause: assign({ pausedBy: null }),
  },
  guards: {
    isSteady: ({ context }) => context.mode === 'vertical' && !context.reduced,
    canGoFaster: ({ context }) => context.level < AUTO_SCROLL_MAX,
    canGoSlower: ({ context }) => context.level > AUTO_SCROLL_MIN,
  },
}).createMachine({
  id: 'autoScroll',
  context: ({ input }) => ({
    level: clampAutoScrollLevel(input.level),
    mode: input.mode,
    reduced: input.reduced,
    pausedBy: null,
  }),
  initial: 'off',
  // A level, mode or motion change is kept wherever it comes; while moving, the motion starts again with it.
  on: {
    'autoscroll.faster': { guard: 'canGoFaster', actions: ['faster', SAVE] },
    'autoscroll.slower': { guard: 'canGoSlower', actions: ['slower', SAVE] },
    'mode.changed': { actions: 'setMode' },
    'motion.changed': { actions: 'setMotion' },
  },
  states: {
    off: {
      on: { 'autoscroll.toggle': { target: 'on' } },
    },
    on: {
      initial: 'choosing',
      exit: 'clearPause',
      on: {
        'autoscroll.toggle': { target: 'off' },
        'autoscroll.ended': { target: 'off' },
      },
      states: {
        choosing: { always: [{ guard: 'isSteady', target: 'scrolling' }, { target: 'turning' }] },
        scrolling: {
          entry: { type: 'startScrolling', params: ({ context }) => context.level },
          exit: 'stopScrolling',
          on: { ...RESTART, 'autoscroll.pause': { target: 'paused', actions: 'notePause' } },
        },
        turning: {
          entry: { type: 'startTurnTimer', params: ({ context }) => context.level },
          exit: 'cancelTurnTimer',
          on: {
            ...RESTART,
            'autoscroll.elapsed': { target: 'turning', reenter: true, actions: 'turnPage' },
            'autoscroll.pause': { target: 'paused', actions: 'notePause' },
          },
        },
        // The bar's one control resumes here (it shows "Resume"); the reader stops it once it moves again.
        paused: {
          on: {
            'autoscroll.toggle': { target: 'choosing', actions: 'clearPause' },
            'autoscroll.resume': { target: 'choosing', actions: 'clearPause' },
            'autoscroll.pause': { actions: 'notePause' },
          },
        },
      },
    },
  },
});
