import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pageResolutionMachine, type PageResolutionEvent, type PageResolutionInput } from './pageResolutionMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: PageResolutionEvent[] = [
  { type: 'resolution.set', resolution: 'low' },
  { type: 'resolution.set', resolution: 'medium' },
  { type: 'chapter.open', chapterId: 2 },
  { type: 'viewer.loaded' },
  { type: 'viewer.failed' },
  { type: 'viewer.retry' },
];
const INPUTS: PageResolutionInput[] = [{ chapterId: 1 }, { chapterId: 1, stored: 'high' }];

describe('pageResolutionMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('pageResolution', pageResolutionMachine, machinePaths(pageResolutionMachine, { inputs: INPUTS, events: EVENTS }));
  });

  it('loads Medium (img_quality=high) with nothing stored, the stored choice otherwise', () => {
    const log = actionLog('loadViewer');
    createActor(pageResolutionMachine.provide({ actions: log.actions }), { input: INPUTS[0] }).start();
    createActor(pageResolutionMachine.provide({ actions: log.actions }), { input: INPUTS[1] }).start();
    expect(log.calls).toEqual([
      ['loadViewer', { chapterId: 1, quality: 'high' }],
      ['loadViewer', { chapterId: 1, quality: 'super_high' }],
    ]);
  });

  it('a change stores the choice and refetches; the same resolution does nothing', () => {
    const log = actionLog('loadViewer', 'saveResolution');
    const a = createActor(pageResolutionMachine.provide({ actions: log.actions }), { input: INPUTS[0] }).start();
    a.send({ type: 'viewer.loaded' });
    a.send({ type: 'resolution.set', resolution: 'medium' });
    expect(a.getSnapshot().value).toBe('ready');
    a.send({ type: 'resolution.set', resolution: 'low' });
    expect(a.getSnapshot().value).toBe('loading');
    a.send({ type: 'viewer.loaded' });
    a.send({ type: 'chapter.open', chapterId: 2 });
    expect(log.calls).toEqual([
      ['loadViewer', { chapterId: 1, quality: 'high' }],
      ['saveResolution', { resolution: 'low' }],
      ['loadViewer', { chapterId: 1, quality: 'low' }],
      ['loadViewer', { chapterId: 2, quality: 'low' }],
    ]);
  });

  it('a failure alerts; retry or any resolution loads again', () => {
    const log = actionLog('alertError', 'loadViewer');
    const m = pageResolutionMachine.provide({ actions: log.actions });
    const failed = after(m, INPUTS[0], [{ type: 'viewer.failed' }]);
    expect(failed.value).toBe('failed');
    expect(log.names()).toEqual(['loadViewer', 'alertError']);
    expect(after(m, INPUTS[0], [{ type: 'viewer.failed' }, { type: 'viewer.retry' }]).value).toBe('loading');
    // Even the current one: the reader asks again.
    expect(after(m, INPUTS[0], [{ type: 'viewer.failed' }, { type: 'resolution.set', resolution: 'medium' }]).value).toBe('loading');
  });
});
