import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { releaseGroupMachine } from './releaseGroupMachine';
import { RELEASE_GROUP_EVENTS, byGroupStatus } from '../../tests/model/releaseGroupEvents';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';
import { edgeSequences } from '../../tests/model/consoleCatalogEdges';

describe('releaseGroupMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'consoleReleaseGroup',
      releaseGroupMachine,
      machinePaths(releaseGroupMachine, {
        events: RELEASE_GROUP_EVENTS,
        serializeState: byGroupStatus,
        sequences: () => edgeSequences(releaseGroupMachine, RELEASE_GROUP_EVENTS, { serializeState: byGroupStatus }),
      }),
    );
  });

  it('schedules, moves and cancels with the version it read', () => {
    const log = actionLog('loadGroup', 'saveSchedule', 'savePartial', 'releaseNow', 'cancelGroup');
    const a = createActor(releaseGroupMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'group.loaded', status: 'draft', version: 4, partial: 'block' });
    a.send({ type: 'schedule.submit', startAt: 100, endAt: 0 });
    a.send({ type: 'save.done', status: 'scheduled', version: 5, partial: 'block' });
    a.send({ type: 'schedule.submit', startAt: 200, endAt: 300 });
    a.send({ type: 'save.done', status: 'scheduled', version: 6, partial: 'block' });
    a.send({ type: 'group.cancel' });
    a.send({ type: 'save.done', status: 'cancelled', version: 7, partial: 'block' });
    expect(log.calls).toEqual([
      ['loadGroup', undefined],
      ['saveSchedule', { startAt: 100, endAt: 0, version: 4 }],
      ['saveSchedule', { startAt: 200, endAt: 300, version: 5 }],
      ['cancelGroup', { version: 6 }],
    ]);
    expect(a.getSnapshot().value).toBe('cancelled');
    // Cancelled is the end: nothing is written any more.
    a.send({ type: 'release.now' });
    expect(log.calls).toHaveLength(4);
  });

  it('held at its time (a language lacks pages, block): the editor splits it, then the ready languages go', () => {
    const s = after(releaseGroupMachine, undefined, [
      { type: 'group.loaded', status: 'scheduled', version: 1, partial: 'block' },
      { type: 'group.loaded', status: 'held', version: 2, partial: 'block' },
      { type: 'release.now' },
      { type: 'save.failed', code: 'no-pages' },
    ]);
    expect(s.value).toBe('held');
    expect(s.context.problem).toBe('no-pages');
    const split = after(releaseGroupMachine, undefined, [
      { type: 'group.loaded', status: 'held', version: 2, partial: 'block' },
      { type: 'partial.choose', partial: 'split' },
      { type: 'save.done', status: 'held', version: 3, partial: 'split' },
      { type: 'release.now' },
      { type: 'save.done', status: 'released', version: 4, partial: 'split' },
    ]);
    expect(split.value).toBe('released');
    expect(split.context).toMatchObject({ partial: 'split', version: 4, problem: null });
  });

  it('a stale write is a conflict until the editor reloads', () => {
    const s = after(releaseGroupMachine, undefined, [
      { type: 'group.loaded', status: 'scheduled', version: 1, partial: 'block' },
      { type: 'group.cancel' },
      { type: 'save.conflict' },
    ]);
    expect([s.value, s.context.problem]).toEqual(['conflict', 'conflict']);
    expect(
      after(releaseGroupMachine, undefined, [
        { type: 'group.loaded', status: 'scheduled', version: 1, partial: 'block' },
        { type: 'group.cancel' },
        { type: 'save.conflict' },
        { type: 'conflict.reload' },
      ]).value,
    ).toBe('loading');
  });
});
