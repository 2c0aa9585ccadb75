import { assign, setup } from 'xstate';
import { MOTION_SETTINGS, motionReduced, type MotionSetting } from '../core/viewer/controls';

/**
 * Reduced motion in the viewer and on the home: the reader's setting (follow
 * the system, always reduce, never) against the system's
 * prefers-reduced-motion (reported by the app as it changes) gives the
 * effective state: `reduced` (no snap easing, no inertia, no carousel
 * autoplay, instant page changes) or `full`. A new setting is saved through
 * the injected `saveMotion` action; unknown settings are refused.
 */
export type ReducedMotionEvent = { type: 'system.changed'; reduce: boolean } | { type: 'setting.set'; setting: MotionSetting };

export interface ReducedMotionContext {
  setting: MotionSetting;
  /** The system asks for reduced motion. */
  system: boolean;
}

export const reducedMotionMachine = setup({
  types: {
    context: {} as ReducedMotionContext,
    events: {} as ReducedMotionEvent,
    input: {} as ReducedMotionContext,
  },
  actions: {
    saveMotion: (_, _setting: MotionSetting) => {},
    setSystem: assign(({ event }) => (event.type === 'system.changed' ? { system: event.reduce } : {})),
    setSetting: assign(({ event }) => (event.type === 'setting.set' ? { setting: event.setting } : {})),
  },
  guards: {
    reduces: ({ context }) => motionReduced(context.setting, context.system),
    knownSetting: ({ event }) => event.type === 'setting.set' && MOTION_SETTINGS.includes(event.setting),
    isBoolean: ({ event }) => event.type === 'system.changed' && typeof event.reduce === 'boolean',
  },
}).createMachine({
  id: 'reducedMotion',
  context: ({ input }) => ({ setting: input.setting, system: input.system }),
  initial: 'deciding',
  on: {
    'system.changed': { guard: 'isBoolean', target: '.deciding', actions: 'setSystem' },
    'setting.set': {
      guard: 'knownSetting',
      target: '.deciding',
      actions: ['setSetting', { type: 'saveMotion', params: ({ context }) => context.setting }],
    },
  },
  states: {
    /** The setting against the system's preference. */
    deciding: { always: [{ guard: 'reduces', target: 'reduced' }, { target: 'full' }] },
    reduced: {},
    full: {},
  },
});
