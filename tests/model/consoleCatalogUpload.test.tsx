import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { uploadQueueMachine } from '../../machines/console/uploadQueueMachine';
import { setMessages } from '../../src/i18n';
import en from '../../console/i18n/locales/en.json';
import { problem, scriptedConsoleApi } from './consoleApi';
import { edgeSequences } from './consoleCatalogEdges';
import { UPLOAD_QUEUE_EVENTS, byStatuses } from './consoleCatalogEvents';
import { answerWrite, catalogEnv, chapter, file, openChapter, region } from './consoleCatalogFixture';
import { runUiModel } from './uiModel';

const NAMES: Record<string, string> = { f1: '001.png', f2: '002.png' };
const panel = () => region('Upload pages');
const button = (name: string) => panel().queryByRole('button', { name });

/** The upload queue's paths on the real chapter screen: files picked, sent (scripted tus events), offline and back, retry, cancel, the processing job. */
describe('console upload queue (model paths on the real console UI)', () => {
  const net = scriptedConsoleApi();
  let c = catalogEnv();
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());

  const processing = async (job: {
    state: 'running' | 'done' | 'failed';
    done: number;
    total: number;
    error?: { code: string; detail: string };
  }) => {
    if (net.pending.some((p) => p.method === 'POST' && p.path === '/chapters/1/process')) {
      if (job.state === 'failed') return void (await answerWrite(net, /^\/chapters\/1\/process$/, 400, problem(400, job.error!.code)));
      await answerWrite(net, /^\/chapters\/1\/process$/, 202, chapter({ job: { state: 'queued', done: 0, total: 1 } }));
    }
    act(() => c.clock.tick());
    await net.answer('GET', '/chapters/1', 200, chapter({ job }));
  };

  it('empty, ready, uploading, offline, stopped, processing, done, rejected', async () => {
    await runUiModel(
      uploadQueueMachine,
      {
        name: 'consoleUploadQueue',
        events: UPLOAD_QUEUE_EVENTS,
        serializeState: byStatuses,
        sequences: () => edgeSequences(uploadQueueMachine, UPLOAD_QUEUE_EVENTS, { serializeState: byStatuses }),
      },
      () => ({
        render: async () => {
          c = catalogEnv();
          await openChapter(net, c.env);
          await screen.findByRole('region', { name: 'Upload pages' });
        },
        events: {
          'files.add': (e) => {
            const [f] = e.files as Array<{ id: string }>;
            fireEvent.change(panel().getByLabelText('Images'), { target: { files: [file(NAMES[f.id])] } });
          },
          'file.remove': (e) => fireEvent.click(panel().getByRole('button', { name: `Remove ${NAMES[e.id as string]}` })),
          'queue.clear': () => fireEvent.click(button('Clear')!),
          'upload.start': () => fireEvent.click(button('Upload')!),
          'file.progress': (e) => c.upload.emit((on) => on.progress(e.id as string, e.sent as number)),
          'file.sent': (e) => c.upload.emit((on) => on.sent(e.id as string, e.uploadId as string)),
          'file.failed': (e) => c.upload.emit((on) => on.failed(e.id as string, e.code as string)),
          'upload.complete': () => c.upload.emit((on) => on.complete()),
          'upload.cancel': () => fireEvent.click(button('Cancel upload')!),
          'upload.retry': () => fireEvent.click(button('Retry failed files')!),
          'connection.lost': () => c.upload.emit((on) => on.offline()),
          'connection.back': () => c.upload.emit((on) => on.online()),
          'processing.progress': () => processing({ state: 'running', done: 1, total: 1 }),
          'processing.done': () => processing({ state: 'done', done: 1, total: 1 }),
          'processing.failed': (e) => processing({ state: 'failed', done: 0, total: 1, error: { code: e.code as string, detail: '' } }),
        },
        check: (s) => {
          const v = s.value as string;
          const has = (name: string) => !!button(name);
          const text = (t: string | RegExp) => !!panel().queryByText(t);
          const want: Record<string, boolean> = {
            empty: !has('Upload') && !has('Cancel upload') && !panel().queryByRole('list'),
            ready: has('Upload') && has('Clear'),
            uploading: has('Cancel upload') && !has('Upload') && !has('Retry failed files'),
            offline: text(/The connection dropped/) && has('Cancel upload'),
            stopped: has('Retry failed files') && text('Some files were not sent.'),
            processing: text(/^Making pages: /),
            done: text('The pages are on the board.'),
            rejected: text('The archive is damaged and could not be read.') && has('Clear'),
          };
          if (!want[v]) throw new Error(`${v} not shown`);
        },
      }),
    );
  });

  it('shows progress per file and in total, and asks the server to process the sent files in order', async () => {
    c = catalogEnv();
    await openChapter(net, c.env);
    await screen.findByRole('region', { name: 'Upload pages' });
    fireEvent.change(panel().getByLabelText('Images'), { target: { files: [file('001.png', 100), file('002.png', 300)] } });
    fireEvent.click(button('Upload')!);
    expect(c.upload.state.started).toBe(1);
    c.upload.emit((on) => on.progress('f1', 100));
    c.upload.emit((on) => on.progress('f2', 100));
    expect(panel().getByText('2 files, 50% sent')).toBeTruthy();
    expect(panel().getByRole('progressbar', { name: '002.png' }).getAttribute('value')).toBe('100');
    c.upload.emit((on) => on.sent('f1', 'u1'));
    c.upload.emit((on) => on.sent('f2', 'u2'));
    c.upload.emit((on) => on.complete());
    const post = await answerWrite(net, /^\/chapters\/1\/process$/, 202, chapter({ job: { state: 'queued', done: 0, total: 2 } }));
    expect(post.body).toEqual({ uploads: ['u1', 'u2'], version: 1 });
  });
});
