import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { thumbStripMachine, type ThumbStripEvent } from './thumbStripMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: ThumbStripEvent[] = [
  { type: 'strip.open' },
  { type: 'strip.loaded' },
  { type: 'strip.failed' },
  { type: 'strip.retry' },
  { type: 'strip.jump', slot: 7 },
  { type: 'strip.close' },
];

describe('thumbStripMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('thumbStrip', thumbStripMachine, machinePaths(thumbStripMachine, { events: EVENTS }));
  });

  it('loads the thumbnails each time it opens (again after a failure), and shows them once loaded', () => {
    const log = actionLog('loadThumbs', 'goToSlot');
    const a = createActor(thumbStripMachine.provide({ actions: log.actions })).start();
    expect(a.getSnapshot().value).toBe('closed');
    a.send({ type: 'strip.open' });
    a.send({ type: 'strip.failed' });
    expect(a.getSnapshot().value).toBe('failed');
    a.send({ type: 'strip.retry' });
    a.send({ type: 'strip.loaded' });
    expect(a.getSnapshot().value).toBe('shown');
    expect(log.names()).toEqual(['loadThumbs', 'loadThumbs']);
    // A late answer after closing changes nothing.
    expect(after(thumbStripMachine, undefined, [{ type: 'strip.open' }, { type: 'strip.close' }, { type: 'strip.loaded' }]).value).toBe(
      'closed',
    );
  });

  it('jumps to the chosen spread and closes, with or without the pictures', () => {
    for (const before of [[], [{ type: 'strip.loaded' }], [{ type: 'strip.failed' }]] as ThumbStripEvent[][]) {
      const log = actionLog('loadThumbs', 'goToSlot');
      const a = createActor(thumbStripMachine.provide({ actions: log.actions })).start();
      for (const e of [{ type: 'strip.open' } as const, ...before, { type: 'strip.jump', slot: 12 } as const]) a.send(e);
      expect(a.getSnapshot().value).toBe('closed');
      expect(log.calls.at(-1)).toEqual(['goToSlot', { slot: 12 }]);
    }
  });
});
