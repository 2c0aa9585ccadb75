import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { uploadQueueMachine, type UploadQueueEvent } from '../../machines/console/uploadQueueMachine';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import ja from '../../console/i18n/locales/ja.json';
import { problem, scriptedConsoleApi } from './consoleApi';
import { edgeSequences } from './consoleCatalogEdges';
import { UPLOAD_QUEUE_EVENTS, byStatuses } from './consoleCatalogEvents';
import { answerWrite, catalogEnv, chapter, file, memoryUploadPrefs, openChapter, region } from './consoleCatalogFixture';
import { after } from './machineTestkit';
import { runUiModel } from './uiModel';
import { until } from './until';

const NAMES: Record<string, string> = { f1: '001.png', f2: '002.png' };
const panel = () => region('Upload pages');
const button = (name: string) => panel().queryByRole('button', { name });

/**
 * A drop as Chromium gives it: entries (webkitGetAsEntry) and the plain files (a folder's is a 0-byte
 * entry). A folder's reader refuses (its error callback) unless `refuse` is false, when it answers its
 * files, then an empty batch; `hold` keeps its first answer until the test calls the returned `go`.
 */
function folder(path: string, names: string[], opts: { refuse?: boolean; hold?: boolean } = {}) {
  let go = () => {};
  const held = new Promise<void>((resolve) => (go = resolve));
  const entry = {
    isFile: false,
    isDirectory: true,
    name: path,
    fullPath: `/${path}`,
    createReader: () => {
      let read = false;
      return {
        readEntries: (ok: (b: unknown[]) => void, fail: (e: DOMException) => void) => {
          const answer = () => {
            if (opts.refuse !== false) return fail(new DOMException('refused', 'NotReadableError'));
            ok(read ? [] : names.map((n) => looseEntry(`${path}/${n}`)));
            read = true;
          };
          if (opts.hold) void held.then(answer);
          else answer();
        },
      };
    },
  };
  return { entry, go };
}
function looseEntry(fullPath: string) {
  const name = fullPath.split('/').pop()!;
  return { isFile: true, isDirectory: false, name, fullPath: `/${fullPath}`, file: (ok: (f: File) => void) => ok(file(name)) };
}
const dropOn = (entries: unknown[], plain: File[]) =>
  fireEvent.drop(panel().getByText(/^Drop images/), {
    dataTransfer: { files: plain, items: entries.map((e) => ({ kind: 'file', webkitGetAsEntry: () => e })) },
  });
const unreadableText =
  'The folder “ch3” could not be read, so nothing from this drop was added. Drop it again, or choose it with “A folder”.';

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
        // A refused drop and the confirm setting are one transition each, whatever the state: taken where they
        // matter (a refused drop on an empty or a ready queue: a busy queue refuses drops, and a walk outlasting an
        // upload's start is the test below; the setting where files would be added), not from every state again.
        sequences: () =>
          edgeSequences(uploadQueueMachine, UPLOAD_QUEUE_EVENTS, { serializeState: byStatuses }).filter((seq) => {
            const last = seq.at(-1)!.type;
            const before = () => String(after(uploadQueueMachine, undefined, seq.slice(0, -1) as UploadQueueEvent[]).value);
            if (last === 'drop.unreadable') return ['empty', 'ready'].includes(before());
            if (last === 'confirm.set') return ['empty', 'ready', 'done', 'rejected'].includes(before());
            return true;
          }),
      },
      () => ({
        render: async () => {
          c = catalogEnv();
          await openChapter(net, c.env);
          await screen.findByRole('region', { name: 'Upload pages' });
        },
        events: {
          // The graph tells states apart by their files alone, so the refusal is checked where it is made.
          'drop.unreadable': async () => {
            dropOn([folder('ch3', ['001.png']).entry, looseEntry('002.png')], [file('ch3', 0), file('002.png')]);
            await panel().findByText(unreadableText);
          },
          'files.add': (e) => {
            const [f] = e.files as Array<{ id: string }>;
            fireEvent.change(panel().getByLabelText('Images'), { target: { files: [file(NAMES[f.id])] } });
          },
          'confirm.set': (e) => {
            const box = panel().getByRole<HTMLInputElement>('checkbox', { name: /^Ask before uploading/ });
            if (box.checked !== e.confirm) fireEvent.click(box);
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

  it('sends files picked at once, shows progress per file and in total, and asks the server to process the sent files in order', async () => {
    c = catalogEnv();
    await openChapter(net, c.env);
    await screen.findByRole('region', { name: 'Upload pages' });
    fireEvent.change(panel().getByLabelText('Images'), { target: { files: [file('001.png', 100), file('002.png', 300)] } });
    // No Upload to press: the transport was started by the pick itself.
    expect(c.upload.state.started).toBe(1);
    expect(button('Upload')).toBeNull();
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

  describe('a dropped folder the browser will not read', () => {
    /** The scripted transport, also counting what the panel gave it to queue. */
    const counting = () => {
      const added: string[] = [];
      const base = catalogEnv().upload;
      const make: typeof base.make = (id, on) => {
        const u = base.make(id, on);
        return { ...u, add: (files) => (added.push(...files.map((f) => f.name)), u.add(files)) };
      };
      return { ...base, make, added };
    };

    it('is named in an alert and nothing of the drop is queued, not even the files beside it; a readable drop then goes', async () => {
      const upload = counting();
      c = catalogEnv(upload);
      await openChapter(net, c.env);
      await screen.findByRole('region', { name: 'Upload pages' });
      dropOn([folder('ch3', ['001.png']).entry, looseEntry('002.png')], [file('ch3', 0), file('002.png')]);
      const alert = await panel().findByText(unreadableText);
      expect(alert.getAttribute('role')).toBe('alert');
      expect(upload.added).toEqual([]);
      expect(upload.state.started).toBe(0);
      expect(panel().queryByRole('list')).toBeNull();
      expect(button('Upload')).toBeNull();
      // Dropped again and read this time: its pages are queued and the refusal is gone.
      dropOn([folder('ch3', ['001.png', '002.png'], { refuse: false }).entry], [file('ch3', 0)]);
      await until(() => panel().queryAllByRole('listitem').length === 2, 'the readable folder queued');
      expect(upload.added).toEqual(['001.png', '002.png']);
      expect(panel().queryByText(unreadableText)).toBeNull();
      expect(upload.state.started).toBe(1);
    });

    it('is said in Japanese too', async () => {
      setMessages('ja', ja, en);
      try {
        c = catalogEnv();
        await openChapter(net, c.env);
        await screen.findByRole('region', { name: 'ページをアップロード' });
        fireEvent.drop(region('ページをアップロード').getByText(/^画像、フォルダー/), {
          dataTransfer: { files: [], items: [{ kind: 'file', webkitGetAsEntry: () => folder('第3話', []).entry }] },
        });
        await region('ページをアップロード').findByText(
          'フォルダー「第3話」を読み込めなかったため、今回ドロップしたものは何も追加していません。もう一度ドロップするか、「フォルダー」から選んでください。',
        );
      } finally {
        setMessages('en', en, en);
      }
    });

    it('is still said when the walk ends after an upload started, which goes on unchanged', async () => {
      const upload = counting();
      // The confirm step kept: the folder is dropped while the picked file waits, then Upload is pressed.
      c = catalogEnv(upload, memoryUploadPrefs(true));
      await openChapter(net, c.env);
      await screen.findByRole('region', { name: 'Upload pages' });
      fireEvent.change(panel().getByLabelText('Images'), { target: { files: [file('001.png')] } });
      const slow = folder('ch3', ['002.png'], { hold: true });
      dropOn([slow.entry], [file('ch3', 0)]);
      fireEvent.click(button('Upload')!);
      expect(upload.state.started).toBe(1);
      act(() => slow.go());
      await panel().findByText(unreadableText);
      expect(upload.added).toEqual(['001.png']);
      expect(panel().getAllByRole('listitem')).toHaveLength(1);
      expect(button('Cancel upload')).toBeTruthy();
    });
  });

  describe('the confirm step, a setting kept on this device', () => {
    const box = () => panel().getByRole<HTMLInputElement>('checkbox', { name: /^Ask before uploading/ });

    it('off by default: a drop goes at once; turned on, it is saved and the next drop waits for Upload', async () => {
      c = catalogEnv();
      await openChapter(net, c.env);
      await screen.findByRole('region', { name: 'Upload pages' });
      expect(box().checked).toBe(false);
      dropOn([looseEntry('001.png')], [file('001.png')]);
      await until(() => c.upload.state.started === 1, 'the dropped file sent without pressing Upload');
      expect(button('Upload')).toBeNull();
      fireEvent.click(button('Cancel upload')!);
      fireEvent.click(box());
      expect(c.prefs.saves).toEqual([true]);
      dropOn([looseEntry('002.png')], [file('002.png')]);
      await until(() => panel().queryAllByRole('listitem').length === 1, 'the dropped file queued');
      expect(c.upload.state.started).toBe(1);
      fireEvent.click(button('Upload')!);
      expect(c.upload.state.started).toBe(2);
    });

    it('kept from before: the box is ticked and picked files wait, removable, until Upload', async () => {
      c = catalogEnv(undefined, memoryUploadPrefs(true));
      await openChapter(net, c.env);
      await screen.findByRole('region', { name: 'Upload pages' });
      expect(box().checked).toBe(true);
      fireEvent.change(panel().getByLabelText('Images'), { target: { files: [file('001.png')] } });
      expect(c.upload.state.started).toBe(0);
      expect(panel().getByRole('button', { name: 'Remove 001.png' })).toBeTruthy();
      fireEvent.click(box());
      expect(c.prefs).toMatchObject({ confirmFirst: false, saves: [false] });
    });
  });
});
