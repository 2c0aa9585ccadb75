import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { tapZoneMachine, type TapZoneEvent } from './tapZoneMachine';
import { DEFAULT_TAPS } from '../core/viewer/controls';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const INPUT = { ...DEFAULT_TAPS, wheel: 'pages' as const };
const EVENTS: TapZoneEvent[] = [
  { type: 'layout.set', layout: 'kindle' },
  { type: 'layout.set', layout: 'sideways' as never },
  { type: 'invertX.set', value: true },
  { type: 'invertY.set', value: true },
  { type: 'wheel.set', wheel: 'scroll' },
  { type: 'wheel.set', wheel: 'spin' as never },
  { type: 'preview.show' },
  { type: 'preview.close' },
];

describe('tapZoneMachine: tap-zone layout, inversion, preview and the wheel', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'tapZone',
      tapZoneMachine,
      machinePaths(tapZoneMachine, {
        inputs: [INPUT],
        events: EVENTS,
        serializeState: (s) => JSON.stringify(s.value),
        sequences: () => [EVENTS, [EVENTS[6], ...EVENTS]],
      }),
    );
  });

  it('a layout or inversion chosen is saved and previewed; the wheel is saved only', () => {
    const log = actionLog('saveTaps');
    const a = createActor(tapZoneMachine.provide({ actions: log.actions }), { input: INPUT }).start();
    a.send({ type: 'wheel.set', wheel: 'scroll' });
    expect(a.getSnapshot().value).toBe('hidden');
    a.send({ type: 'layout.set', layout: 'edges' });
    expect(a.getSnapshot().value).toBe('previewing');
    a.send({ type: 'invertY.set', value: true });
    expect(log.calls.at(-1)).toEqual(['saveTaps', { layout: 'edges', invertX: false, invertY: true, wheel: 'scroll' }]);
    a.send({ type: 'preview.close' });
    expect(a.getSnapshot().value).toBe('hidden');
  });

  it('refuses unknown layouts and wheel modes', () => {
    const s = after(tapZoneMachine, INPUT, [EVENTS[1], EVENTS[5], { type: 'invertX.set', value: 'yes' as never }]);
    expect(s.value).toBe('hidden');
    expect(s.context).toEqual(INPUT);
  });
});
