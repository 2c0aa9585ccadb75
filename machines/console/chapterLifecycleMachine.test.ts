import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { chapterLifecycleMachine } from './chapterLifecycleMachine';
import { CHAPTER_LIFECYCLE_EVENTS, byStatus } from '../../tests/model/consoleCatalogEvents';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';
import { edgeSequences } from '../../tests/model/consoleCatalogEdges';

describe('chapterLifecycleMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'consoleChapterLifecycle',
      chapterLifecycleMachine,
      machinePaths(chapterLifecycleMachine, {
        events: CHAPTER_LIFECYCLE_EVENTS,
        serializeState: byStatus,
        sequences: () => edgeSequences(chapterLifecycleMachine, CHAPTER_LIFECYCLE_EVENTS, { serializeState: byStatus }),
      }),
    );
  });

  it('schedules with the version it read, and follows the server to scheduled', () => {
    const log = actionLog('loadChapter', 'saveSchedule', 'releaseNow', 'withdrawSchedule', 'restoreChapter');
    const a = createActor(chapterLifecycleMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'chapter.loaded', status: 'draft', version: 4 });
    a.send({ type: 'schedule.submit', releaseAt: 100, freeUntil: 200 });
    a.send({ type: 'save.done', status: 'scheduled', version: 5 });
    a.send({ type: 'schedule.withdraw' });
    expect(log.calls).toEqual([
      ['loadChapter', undefined],
      ['saveSchedule', { releaseAt: 100, freeUntil: 200, version: 4 }],
      ['withdrawSchedule', { version: 5 }],
    ]);
  });

  it('a refused write stays where it was, with the reason; a live chapter cannot be scheduled again', () => {
    const s = after(chapterLifecycleMachine, undefined, [
      { type: 'chapter.loaded', status: 'draft', version: 1 },
      { type: 'release.now' },
      { type: 'save.failed', code: 'no-pages' },
    ]);
    expect(s.value).toBe('draft');
    expect(s.context.problem).toBe('no-pages');
    const live = after(chapterLifecycleMachine, undefined, [
      { type: 'chapter.loaded', status: 'live', version: 1 },
      { type: 'schedule.submit', releaseAt: 1, freeUntil: null },
      { type: 'release.now' },
    ]);
    expect(live.value).toBe('live');
  });

  it('a stale write shows what changed and reloads on request', () => {
    const changes = [{ field: 'releaseAt', before: 1, after: 2 }];
    const s = after(chapterLifecycleMachine, undefined, [
      { type: 'chapter.loaded', status: 'scheduled', version: 1 },
      { type: 'schedule.submit', releaseAt: 5, freeUntil: null },
      { type: 'save.conflict', changes },
    ]);
    expect(s.value).toBe('conflict');
    expect(s.context.changes).toEqual(changes);
    const r = after(chapterLifecycleMachine, undefined, [
      { type: 'chapter.loaded', status: 'scheduled', version: 1 },
      { type: 'schedule.submit', releaseAt: 5, freeUntil: null },
      { type: 'save.conflict', changes },
      { type: 'conflict.reload' },
    ]);
    expect(r.value).toBe('loading');
    expect(r.context.changes).toEqual([]);
  });

  it('taken down after the reauthenticated call, restored through a save', () => {
    const s = after(chapterLifecycleMachine, undefined, [
      { type: 'chapter.loaded', status: 'live', version: 3 },
      { type: 'takedown.done', version: 4 },
      { type: 'chapter.restore' },
      { type: 'save.done', status: 'live', version: 5 },
    ]);
    expect(s.value).toBe('live');
    expect(s.context.version).toBe(5);
  });
});
