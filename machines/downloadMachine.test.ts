import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { downloadMachine, type DownloadEvent } from './downloadMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: DownloadEvent[] = [
  { type: 'download.request' },
  { type: 'download.start', total: 3 },
  { type: 'download.progress', done: 2, total: 3 },
  { type: 'download.saved', bytes: 1000 },
  { type: 'download.failed', reason: 'quota' },
  { type: 'download.failed', reason: 'failed' },
  { type: 'download.cancel' },
  { type: 'download.remove' },
];
const INPUTS = [{ saved: false }, { saved: true, bytes: 5000 }];

describe('downloadMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('download', downloadMachine, machinePaths(downloadMachine, { inputs: INPUTS, events: EVENTS }));
  });

  it('queued, downloading with progress, saved, removed: starting, aborting and discarding through the provided actions', () => {
    const log = actionLog('enqueue', 'abort', 'discard');
    const a = createActor(downloadMachine.provide({ actions: log.actions }), { input: INPUTS[0] }).start();
    expect(a.getSnapshot().value).toBe('idle');
    a.send({ type: 'download.request' });
    expect(a.getSnapshot().value).toBe('queued');
    a.send({ type: 'download.start', total: 3 });
    a.send({ type: 'download.progress', done: 2, total: 3 });
    expect(a.getSnapshot().context).toMatchObject({ done: 2, total: 3 });
    a.send({ type: 'download.saved', bytes: 1234 });
    expect(a.getSnapshot().value).toBe('saved');
    expect(a.getSnapshot().context.bytes).toBe(1234);
    a.send({ type: 'download.remove' });
    expect(a.getSnapshot().value).toBe('removed');
    expect(log.names()).toEqual(['enqueue', 'discard']);
    a.stop();
  });

  it('a cancel aborts a queued or running download; a failure keeps its reason until saved again', () => {
    const log = actionLog('abort');
    const m = downloadMachine.provide({ actions: log.actions });
    expect(after(m, INPUTS[0], [{ type: 'download.request' }, { type: 'download.cancel' }]).value).toBe('cancelled');
    expect(
      after(m, INPUTS[0], [{ type: 'download.request' }, { type: 'download.start', total: 2 }, { type: 'download.cancel' }]).value,
    ).toBe('cancelled');
    expect(log.names()).toEqual(['abort', 'abort']);
    const quota = after(downloadMachine, INPUTS[0], [
      { type: 'download.request' },
      { type: 'download.start', total: 2 },
      { type: 'download.failed', reason: 'quota' },
    ]);
    expect(quota.value).toBe('failed');
    expect(quota.context.error).toBe('quota');
    const again = after(downloadMachine, INPUTS[0], [
      { type: 'download.request' },
      { type: 'download.start', total: 2 },
      { type: 'download.failed', reason: 'quota' },
      { type: 'download.request' },
    ]);
    expect(again.value).toBe('queued');
    expect(again.context.error).toBe(null);
    expect(after(downloadMachine, INPUTS[1], []).value).toBe('saved');
  });
});
