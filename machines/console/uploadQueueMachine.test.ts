import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { uploadQueueMachine, type UploadQueueEvent } from './uploadQueueMachine';
import { UPLOAD_QUEUE_EVENTS, byStatuses } from '../../tests/model/consoleCatalogEvents';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';
import { edgeSequences } from '../../tests/model/consoleCatalogEdges';

const two: UploadQueueEvent = {
  type: 'files.add',
  files: [
    { id: 'a', name: '002.png', size: 10 },
    { id: 'b', name: '001.png', size: 20 },
  ],
};

describe('uploadQueueMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'consoleUploadQueue',
      uploadQueueMachine,
      machinePaths(uploadQueueMachine, {
        events: UPLOAD_QUEUE_EVENTS,
        serializeState: byStatuses,
        sequences: () => edgeSequences(uploadQueueMachine, UPLOAD_QUEUE_EVENTS, { serializeState: byStatuses }),
      }),
    );
  });

  it('processes once every file is sent, with the uploads in the queue order', () => {
    const log = actionLog('startUpload', 'startProcessing', 'watchProcessing', 'stopWatching', 'processingDone');
    const a = createActor(uploadQueueMachine.provide({ actions: log.actions })).start();
    a.send(two);
    a.send({ type: 'upload.start' });
    a.send({ type: 'file.progress', id: 'b', sent: 5 });
    expect(a.getSnapshot().context.files.find((f) => f.id === 'b')).toMatchObject({ sent: 5, status: 'sending' });
    a.send({ type: 'file.sent', id: 'b', uploadId: 'ub' });
    a.send({ type: 'file.sent', id: 'a', uploadId: 'ua' });
    a.send({ type: 'upload.complete' });
    a.send({ type: 'processing.progress', done: 1, total: 2 });
    expect(a.getSnapshot().context).toMatchObject({ processed: 1, toProcess: 2 });
    a.send({ type: 'processing.done' });
    expect(a.getSnapshot().value).toBe('done');
    expect(log.calls).toEqual([
      ['startUpload', undefined],
      ['startProcessing', { uploads: ['ua', 'ub'] }],
      ['watchProcessing', undefined],
      ['stopWatching', undefined],
      ['processingDone', undefined],
    ]);
  });

  it('a failed file stops the queue until retried; offline waits for the connection and resumes', () => {
    const log = actionLog('retryUpload', 'startProcessing');
    const a = createActor(uploadQueueMachine.provide({ actions: log.actions })).start();
    a.send(two);
    a.send({ type: 'upload.start' });
    a.send({ type: 'connection.lost' });
    expect(a.getSnapshot().value).toBe('offline');
    a.send({ type: 'connection.back' });
    a.send({ type: 'file.sent', id: 'a', uploadId: 'ua' });
    a.send({ type: 'file.failed', id: 'b', code: 'network' });
    a.send({ type: 'upload.complete' });
    expect(a.getSnapshot().value).toBe('stopped');
    a.send({ type: 'upload.retry' });
    expect(a.getSnapshot().context.files.map((f) => f.status)).toEqual(['sent', 'waiting']);
    a.send({ type: 'file.sent', id: 'b', uploadId: 'ub' });
    a.send({ type: 'upload.complete' });
    expect(log.names()).toEqual(['retryUpload', 'retryUpload', 'startProcessing']);
  });

  it('a refused job keeps its reason; cancelling empties the queue', () => {
    const s = after(uploadQueueMachine, undefined, [
      two,
      { type: 'upload.start' },
      { type: 'file.sent', id: 'a', uploadId: 'ua' },
      { type: 'file.sent', id: 'b', uploadId: 'ub' },
      { type: 'upload.complete' },
      { type: 'processing.failed', code: 'too-many-pages' },
    ]);
    expect(s.value).toBe('rejected');
    expect(s.context.problem).toBe('too-many-pages');
    const c = after(uploadQueueMachine, undefined, [two, { type: 'upload.start' }, { type: 'upload.cancel' }]);
    expect(c.value).toBe('empty');
    expect(c.context.files).toEqual([]);
  });

  it('a drop the browser would not read is said by name, queues nothing, and is forgotten once files are added', () => {
    const refused: UploadQueueEvent = { type: 'drop.unreadable', path: 'ch3/extra', folder: true };
    const s = after(uploadQueueMachine, undefined, [refused]);
    expect(s.value).toBe('empty');
    expect(s.context.unreadable).toEqual({ path: 'ch3/extra', folder: true });
    expect(s.context.files).toEqual([]);
    // A walk that ends after the upload started: the queue goes on unchanged and the refusal is still said.
    const late = after(uploadQueueMachine, undefined, [two, { type: 'upload.start' }, refused]);
    expect(late.value).toBe('uploading');
    expect(late.context.files.map((f) => f.id)).toEqual(['a', 'b']);
    expect(late.context.unreadable).toEqual({ path: 'ch3/extra', folder: true });
    expect(after(uploadQueueMachine, undefined, [refused, two]).context.unreadable).toBeNull();
    expect(after(uploadQueueMachine, { confirmFirst: true }, [two, refused, { type: 'queue.clear' }]).context.unreadable).toBeNull();
  });

  it('files start at once unless the member keeps the confirm step, which is saved and holds for the next files', () => {
    const log = actionLog('startUpload', 'saveConfirm');
    const a = createActor(uploadQueueMachine.provide({ actions: log.actions })).start();
    a.send(two);
    expect(a.getSnapshot().value).toBe('uploading');
    expect(log.names()).toEqual(['startUpload']);
    a.send({ type: 'upload.cancel' });
    a.send({ type: 'confirm.set', confirm: true });
    a.send(two);
    expect(a.getSnapshot().value).toBe('ready');
    expect(log.calls.slice(1)).toEqual([['saveConfirm', { confirm: true }]]);
    // Turned off while files wait: they still wait for Upload; the next ones after a clear go at once.
    a.send({ type: 'confirm.set', confirm: false });
    expect(a.getSnapshot().value).toBe('ready');
    a.send({ type: 'queue.clear' });
    expect(a.getSnapshot().context.confirmFirst).toBe(false);
    a.send(two);
    expect(a.getSnapshot().value).toBe('uploading');
    // Started with the setting kept (as stored), and kept across a reset of the queue.
    const kept = after(uploadQueueMachine, { confirmFirst: true }, [two, { type: 'queue.clear' }, two]);
    expect([kept.value, kept.context.confirmFirst]).toEqual(['ready', true]);
  });
});
