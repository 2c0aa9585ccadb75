import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { thumbStripMachine, type ThumbStripEvent } from './thumbStripMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const OPEN: ThumbStripEvent = { type: 'strip.open', sheet: 3 };
const EVENTS: ThumbStripEvent[] = [
  OPEN,
  { type: 'strip.loaded' },
  { type: 'strip.failed' },
  { type: 'strip.retry' },
  { type: 'strip.jump', slot: 7 },
  { type: 'strip.close' },
];

describe('thumbStripMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'thumbStrip',
      thumbStripMachine,
      machinePaths(thumbStripMachine, {
        events: EVENTS,
        serializeState: (s) => JSON.stringify(s.value),
        sequences: () => [
          [OPEN, EVENTS[5]],
          [OPEN, EVENTS[4]],
          [OPEN, EVENTS[1], EVENTS[5]],
          [OPEN, EVENTS[1], EVENTS[4]],
          [OPEN, EVENTS[2], EVENTS[5]],
          [OPEN, EVENTS[2], EVENTS[4]],
          [OPEN, EVENTS[2], EVENTS[3]],
        ],
      }),
    );
  });

  it("loads the reader's sheet each time it opens (again after a failure), and shows the pages once loaded", () => {
    const log = actionLog('loadThumbs');
    const a = createActor(thumbStripMachine.provide({ actions: log.actions })).start();
    expect(a.getSnapshot().value).toBe('closed');
    a.send(OPEN);
    a.send({ type: 'strip.failed' });
    expect(a.getSnapshot().value).toBe('failed');
    a.send({ type: 'strip.retry' });
    a.send({ type: 'strip.loaded' });
    expect(a.getSnapshot().value).toBe('shown');
    expect(log.calls).toEqual([
      ['loadThumbs', { sheet: 3 }],
      ['loadThumbs', { sheet: 3 }],
    ]);
    // A late answer after closing changes nothing.
    expect(after(thumbStripMachine, undefined, [OPEN, { type: 'strip.close' }, { type: 'strip.loaded' }]).value).toBe('closed');
  });

  it('closes once a page is chosen, with or without the pictures', () => {
    for (const before of [[], [{ type: 'strip.loaded' }], [{ type: 'strip.failed' }]] as ThumbStripEvent[][])
      expect(after(thumbStripMachine, undefined, [OPEN, ...before, { type: 'strip.jump', slot: 12 }]).value).toBe('closed');
  });
});
