import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pageLoaderMachine, type PageLoaderEvent } from './pageLoaderMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: PageLoaderEvent[] = [
  { type: 'page.request' },
  { type: 'page.start' },
  { type: 'page.progress', loaded: 50, total: 100 },
  { type: 'page.decoded' },
  { type: 'page.failed', message: 'HTTP 500' },
  { type: 'page.retry' },
  { type: 'page.evict' },
];
const INPUT = { index: 3 };
const REQUEST: PageLoaderEvent = { type: 'page.request' };
const START: PageLoaderEvent = { type: 'page.start' };

describe('pageLoaderMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'pageLoader',
      pageLoaderMachine,
      machinePaths(pageLoaderMachine, {
        inputs: [INPUT],
        events: EVENTS,
        // Every retry counts an attempt: the graph tells states apart by value.
        serializeState: (s) => JSON.stringify(s.value),
        simple: true,
        // Loops back to a state on the path: progress, retry, request after eviction.
        sequences: () => [
          [REQUEST, START, EVENTS[2]],
          [REQUEST, START, EVENTS[4], { type: 'page.retry' }],
          [REQUEST, { type: 'page.evict' }, REQUEST],
        ],
      }),
    );
  });

  it('loads with progress, decodes, and is re-queued after an eviction', () => {
    const log = actionLog('enqueue', 'abortFetch', 'releaseBitmap');
    const a = createActor(pageLoaderMachine.provide({ actions: log.actions }), { input: INPUT }).start();
    a.send({ type: 'page.request' });
    a.send({ type: 'page.start' });
    a.send({ type: 'page.progress', loaded: 50, total: 100 });
    expect(a.getSnapshot().context).toMatchObject({ index: 3, loaded: 50, total: 100, attempts: 1 });
    a.send({ type: 'page.decoded' });
    a.send({ type: 'page.evict' });
    expect(a.getSnapshot().value).toBe('evicted');
    a.send({ type: 'page.request' });
    expect(a.getSnapshot().value).toBe('queued');
    expect(a.getSnapshot().context).toMatchObject({ loaded: 0, total: 0 });
    expect(log.names()).toEqual(['enqueue', 'releaseBitmap', 'enqueue']);
  });

  it('a failure keeps its message until the retry re-queues it; attempts are counted', () => {
    const failed = after(pageLoaderMachine, INPUT, [{ type: 'page.request' }, { type: 'page.start' }, EVENTS[4]]);
    expect(failed.value).toBe('failed');
    expect(failed.context.error).toBe('HTTP 500');
    const retried = after(pageLoaderMachine, INPUT, [
      { type: 'page.request' },
      { type: 'page.start' },
      EVENTS[4],
      { type: 'page.retry' },
      { type: 'page.start' },
    ]);
    expect(retried.value).toBe('loading');
    expect(retried.context).toMatchObject({ error: '', attempts: 2 });
  });

  it('an eviction while loading aborts the fetch', () => {
    const log = actionLog('abortFetch', 'releaseBitmap');
    const m = pageLoaderMachine.provide({ actions: log.actions });
    expect(after(m, INPUT, [{ type: 'page.request' }, { type: 'page.start' }, { type: 'page.evict' }]).value).toBe('evicted');
    expect(after(m, INPUT, [{ type: 'page.request' }, { type: 'page.evict' }]).value).toBe('evicted');
    expect(log.names()).toEqual(['abortFetch', 'abortFetch']);
    // Never requested: nothing to evict.
    expect(after(m, INPUT, [{ type: 'page.evict' }]).value).toBe('idle');
  });
});
