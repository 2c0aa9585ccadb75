import { assign, setup } from 'xstate';
import { WHEEL_MODES, type TapSettings, type WheelMode } from '../core/viewer/controls';
import { TAP_LAYOUTS, type TapLayout } from '../core/viewer/tapZones';

/**
 * The viewer's tap zones and wheel (the settings modal's "Controls"
 * section): the layout (core/viewer/tapZones.ts), inverted across and/or
 * down, and whether the wheel scrolls or turns pages. Choosing a layout or an
 * inversion shows the zones' preview over the stage (`previewing`) until the
 * reader closes it. Each accepted change is saved through the injected
 * `saveTaps` action (per visitor); unknown layouts or wheel modes are refused.
 */
export type TapZoneEvent =
  | { type: 'layout.set'; layout: TapLayout }
  | { type: 'invertX.set'; value: boolean }
  | { type: 'invertY.set'; value: boolean }
  | { type: 'wheel.set'; wheel: WheelMode }
  | { type: 'preview.show' }
  | { type: 'preview.close' };

export interface TapZoneContext extends TapSettings {
  wheel: WheelMode;
}

const saveTaps = {
  type: 'saveTaps',
  params: ({ context }: { context: TapZoneContext }) => context,
} as const;

/** A setting changed: saved, and its zones previewed. */
const CHANGES = {
  'layout.set': { guard: 'knownLayout', target: '.previewing', actions: ['setLayout', saveTaps] },
  'invertX.set': { guard: 'isBoolean', target: '.previewing', actions: ['setInvertX', saveTaps] },
  'invertY.set': { guard: 'isBoolean', target: '.previewing', actions: ['setInvertY', saveTaps] },
  'wheel.set': { guard: 'knownWheel', actions: ['setWheel', saveTaps] },
} as const;

export const tapZoneMachine = setup({
  types: {
    context: {} as TapZoneContext,
    events: {} as TapZoneEvent,
    input: {} as TapZoneContext,
  },
  actions: {
    saveTaps: (_, _p: TapZoneContext) => {},
    setLayout: assign(({ event }) => (event.type === 'layout.set' ? { layout: event.layout } : {})),
    setInvertX: assign(({ event }) => (event.type === 'invertX.set' ? { invertX: event.value } : {})),
    setInvertY: assign(({ event }) => (event.type === 'invertY.set' ? { invertY: event.value } : {})),
    setWheel: assign(({ event }) => (event.type === 'wheel.set' ? { wheel: event.wheel } : {})),
  },
  guards: {
    knownLayout: ({ event }) => event.type === 'layout.set' && TAP_LAYOUTS.includes(event.layout),
    knownWheel: ({ event }) => event.type === 'wheel.set' && WHEEL_MODES.includes(event.wheel),
    isBoolean: ({ event }) => typeof (event as { value?: unknown }).value === 'boolean',
  },
}).createMachine({
  id: 'tapZone',
  context: ({ input }) => ({ layout: input.layout, invertX: input.invertX, invertY: input.invertY, wheel: input.wheel }),
  initial: 'hidden',
  on: CHANGES,
  states: {
    /** The zones work, unseen. */
    hidden: {
      on: { 'preview.show': 'previewing' },
    },
    /** The zones drawn over the stage, labelled. */
    previewing: {
      on: { 'preview.close': 'hidden' },
    },
  },
});
