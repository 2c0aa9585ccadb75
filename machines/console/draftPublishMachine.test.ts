import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { draftPublishMachine, seriesReaders } from './draftPublishMachine';
import { DRAFT_PUBLISH_EVENTS, byReadersState } from '../../tests/model/draftPublishEvents';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';
import { edgeSequences } from '../../tests/model/consoleCatalogEdges';

describe('draftPublishMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'consoleDraftPublish',
      draftPublishMachine,
      machinePaths(draftPublishMachine, {
        events: DRAFT_PUBLISH_EVENTS,
        serializeState: byReadersState,
        sequences: () => edgeSequences(draftPublishMachine, DRAFT_PUBLISH_EVENTS, { serializeState: byReadersState }),
      }),
    );
  });

  it('publishes as coming soon and takes it back to draft, each at the version it read', () => {
    const log = actionLog('publishSoon', 'backToDraft', 'reloadSeries');
    const a = createActor(draftPublishMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'series.loaded', readers: 'draft', version: 4 });
    a.send({ type: 'publish.submit', soonAt: 100, soonText: 'Fridays' });
    expect(a.getSnapshot().value).toBe('publishing');
    // Sent once: a second submit while it is on its way does nothing.
    a.send({ type: 'publish.submit', soonAt: 100, soonText: 'Fridays' });
    a.send({ type: 'save.done', readers: 'soon', version: 5 });
    a.send({ type: 'unpublish.submit' });
    a.send({ type: 'unpublish.submit' });
    a.send({ type: 'save.done', readers: 'draft', version: 6 });
    expect(log.calls).toEqual([
      ['publishSoon', { soonAt: 100, soonText: 'Fridays', version: 4 }],
      ['backToDraft', { version: 5 }],
    ]);
    expect(a.getSnapshot().value).toBe('draft');
  });

  it('live has no actions', () => {
    const log = actionLog('publishSoon', 'backToDraft', 'reloadSeries');
    const a = createActor(draftPublishMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'series.loaded', readers: 'live', version: 1 });
    a.send({ type: 'publish.submit', soonAt: 100, soonText: 'x' });
    a.send({ type: 'unpublish.submit' });
    expect([a.getSnapshot().value, log.calls]).toEqual(['live', []]);
  });

  it('a refused send goes back with the reason, to try again; the next answer clears it', () => {
    const s = after(draftPublishMachine, undefined, [
      { type: 'series.loaded', readers: 'soon', version: 1 },
      { type: 'unpublish.submit' },
      { type: 'save.failed', code: 'wrong-state' },
    ]);
    expect([s.value, s.context.problem]).toEqual(['soon', 'wrong-state']);
    const again = after(draftPublishMachine, undefined, [
      { type: 'series.loaded', readers: 'draft', version: 1 },
      { type: 'publish.submit', soonAt: 100, soonText: 'x' },
      { type: 'save.failed', code: 'validation' },
      { type: 'publish.submit', soonAt: 200, soonText: 'x' },
      { type: 'save.done', readers: 'soon', version: 2 },
    ]);
    expect([again.value, again.context.problem]).toEqual(['soon', null]);
  });

  it('a stale version is a conflict until the editor reloads, which reads the series again', () => {
    const log = actionLog('publishSoon', 'backToDraft', 'reloadSeries');
    const a = createActor(draftPublishMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'series.loaded', readers: 'soon', version: 1 });
    a.send({ type: 'unpublish.submit' });
    a.send({ type: 'save.conflict' });
    expect([a.getSnapshot().value, a.getSnapshot().context.problem]).toEqual(['conflict', 'conflict']);
    a.send({ type: 'series.loaded', readers: 'live', version: 3 });
    expect(a.getSnapshot().value).toBe('conflict');
    a.send({ type: 'conflict.reload' });
    a.send({ type: 'series.loaded', readers: 'live', version: 3 });
    expect(a.getSnapshot().value).toBe('live');
    expect(log.names()).toEqual(['backToDraft', 'reloadSeries']);
  });

  it("the series' state from its titles: a draft title first, then a live one, else coming soon", () => {
    expect(seriesReaders([{ readers: 'soon' }, { readers: 'draft' }])).toBe('draft');
    expect(seriesReaders([{ readers: 'live' }, { readers: 'draft' }])).toBe('draft');
    expect(seriesReaders([{ readers: 'soon' }, { readers: 'live' }])).toBe('live');
    expect(seriesReaders([{ readers: 'soon' }, { readers: 'soon' }])).toBe('soon');
  });
});
