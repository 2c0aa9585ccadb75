import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { keyRemapMachine, type KeyRemapEvent } from './keyRemapMachine';
import { DEFAULT_KEYS } from '../core/viewer/controls';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const INPUT = { keys: DEFAULT_KEYS };
const EVENTS: KeyRemapEvent[] = [
  { type: 'record', action: 'settings' },
  { type: 'key', key: 'x' },
  { type: 'key', key: 'Shift' },
  { type: 'key', key: ' ' },
  { type: 'key', key: 'c' },
  { type: 'key', key: 'Escape' },
  { type: 'cancel' },
  { type: 'reset' },
];

describe('keyRemapMachine: remapping the viewer’s keys', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'keyRemap',
      keyRemapMachine,
      machinePaths(keyRemapMachine, {
        inputs: [INPUT],
        events: EVENTS,
        serializeState: (s) => JSON.stringify(s.value),
        sequences: () => [
          [EVENTS[0], { type: 'key', key: 'c' }, { type: 'key', key: 'Shift' }, { type: 'key', key: ' ' }, { type: 'key', key: 'Escape' }],
          [EVENTS[0], { type: 'key', key: 'Shift' }, { type: 'key', key: 'ArrowLeft' }, { type: 'key', key: 'X' }],
          [EVENTS[0], { type: 'key', key: 'c' }, { type: 'cancel' }],
          [EVENTS[0], { type: 'cancel' }],
          [EVENTS[0], { type: 'key', key: 'Escape' }],
          [EVENTS[0], { type: 'key', key: 'x' }],
          [{ type: 'reset' }],
        ],
      }),
    );
  });

  it('takes a free key, saving the whole key map; letters in lower case', () => {
    const log = actionLog('saveKeys');
    const a = createActor(keyRemapMachine.provide({ actions: log.actions }), { input: INPUT }).start();
    a.send({ type: 'record', action: 'nextPage' });
    a.send({ type: 'key', key: 'Shift' });
    expect(a.getSnapshot().value).toBe('recording');
    a.send({ type: 'key', key: 'K' });
    expect(a.getSnapshot().value).toBe('saved');
    expect(log.calls).toEqual([['saveKeys', { ...DEFAULT_KEYS, nextPage: 'k' }]]);
  });

  it('refuses a reserved key or another action’s, saying which, and keeps listening', () => {
    let s = after(keyRemapMachine, INPUT, [
      { type: 'record', action: 'nextPage' },
      { type: 'key', key: 'S' },
    ]);
    expect(s.value).toBe('conflict');
    expect(s.context.conflict).toEqual({ key: 's', with: 'settings' });
    s = after(keyRemapMachine, INPUT, [
      { type: 'record', action: 'nextPage' },
      { type: 'key', key: 'ArrowRight' },
    ]);
    expect(s.context.conflict).toEqual({ key: 'ArrowRight', with: null });
    s = after(keyRemapMachine, INPUT, [
      { type: 'record', action: 'nextPage' },
      { type: 'key', key: ' ' },
      { type: 'key', key: 'PageDown' },
    ]);
    // Its own key again: kept.
    expect(s.value).toBe('saved');
    expect(s.context.keys).toEqual(DEFAULT_KEYS);
  });

  it('Escape and cancel give up; reset brings the defaults back', () => {
    expect(
      after(keyRemapMachine, INPUT, [
        { type: 'record', action: 'help' },
        { type: 'key', key: 'Escape' },
      ]).value,
    ).toBe('idle');
    const s = after(keyRemapMachine, INPUT, [{ type: 'record', action: 'help' }, { type: 'key', key: 'h' }, { type: 'reset' }]);
    expect(s.context.keys).toEqual(DEFAULT_KEYS);
  });
});
