import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { coverTestMachine } from './coverTestMachine';
import { COVER_TEST_EVENTS, byCoverStatus } from '../../tests/model/coverTestEvents';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';
import { edgeSequences } from '../../tests/model/consoleCatalogEdges';

describe('coverTestMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'consoleCoverTest',
      coverTestMachine,
      machinePaths(coverTestMachine, {
        events: COVER_TEST_EVENTS,
        serializeState: byCoverStatus,
        sequences: () => edgeSequences(coverTestMachine, COVER_TEST_EVENTS, { serializeState: byCoverStatus }),
      }),
    );
  });

  it('adds a variant, starts and ends with the version it read', () => {
    const log = actionLog('loadTest', 'addVariant', 'startTest', 'endTest', 'discardTest');
    const a = createActor(coverTestMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'test.loaded', status: 'draft', version: 4, variants: 1 });
    a.send({ type: 'variant.add', file: 'b.png' });
    a.send({ type: 'save.done', status: 'draft', version: 5, variants: 2 });
    a.send({ type: 'test.start', days: 14 });
    a.send({ type: 'save.done', status: 'running', version: 6, variants: 2 });
    a.send({ type: 'test.end', winner: 1 });
    expect(a.getSnapshot().value).toBe('ending');
    a.send({ type: 'save.done', status: 'ended', version: 7, variants: 2 });
    expect(log.calls).toEqual([
      ['loadTest', undefined],
      ['addVariant', { version: 4, file: 'b.png' }],
      ['startTest', { version: 5, days: 14 }],
      ['endTest', { version: 6, winner: 1 }],
    ]);
    // Ended is the end: nothing is written any more.
    a.send({ type: 'test.discard' });
    expect(log.calls).toHaveLength(4);
    expect(a.getSnapshot().value).toBe('ended');
  });

  it('refuses to start with one variant or to add a fourth; a refused end keeps it running; a conflict reloads', () => {
    const one = after(coverTestMachine, undefined, [
      { type: 'test.loaded', status: 'draft', version: 1, variants: 1 },
      { type: 'test.start', days: 7 },
    ]);
    expect([one.value, one.context.problem]).toEqual(['draft', 'too-few-variants']);
    const full = after(coverTestMachine, undefined, [
      { type: 'test.loaded', status: 'draft', version: 1, variants: 3 },
      { type: 'variant.add' },
    ]);
    expect([full.value, full.context.problem]).toEqual(['draft', 'too-many-variants']);
    const kept = after(coverTestMachine, undefined, [
      { type: 'test.loaded', status: 'running', version: 1, variants: 2 },
      { type: 'test.end', winner: 0 },
      { type: 'save.failed', code: 'wrong-state' },
    ]);
    expect([kept.value, kept.context.problem]).toEqual(['running', 'wrong-state']);
    const stale = after(coverTestMachine, undefined, [
      { type: 'test.loaded', status: 'running', version: 1, variants: 2 },
      { type: 'test.discard' },
      { type: 'save.conflict' },
      { type: 'conflict.reload' },
    ]);
    expect(stale.value).toBe('loading');
    // The period's end on the server, read again.
    expect(
      after(coverTestMachine, undefined, [
        { type: 'test.loaded', status: 'running', version: 1, variants: 2 },
        { type: 'test.loaded', status: 'ended', version: 2, variants: 2 },
      ]).value,
    ).toBe('ended');
  });
});
