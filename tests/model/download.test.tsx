import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { downloadMachine } from '../../machines/downloadMachine';
import { SaveForOffline } from '../../src/screens/downloads/SaveForOffline';
import { cancelDownload } from '../../src/screens/downloads/downloadQueue';
import { loadTestMessages } from './shellHelpers';
import { useRealApi } from './realApi';
import { installGate, type Gate } from './gate';
import { runUiModel } from './uiModel';

/**
 * The download machine's paths against the "Save for offline" control and
 * the real API: Cache Storage and the service worker are in-memory stand-ins
 * (jsdom has neither); the worker's readiness starts a download, page images
 * are held by a gate (each release is one page), a full storage is a put
 * that throws QuotaExceededError.
 */
class FakeCache {
  readonly m = new Map<string, Response>();
  constructor(private readonly full: () => boolean) {}
  private key = (k: RequestInfo | URL) => (typeof k === 'string' ? k : k instanceof URL ? k.href : k.url);
  put(k: RequestInfo | URL, r: Response): Promise<void> {
    if (this.full()) return Promise.reject(new DOMException('full', 'QuotaExceededError'));
    this.m.set(this.key(k), r);
    return Promise.resolve();
  }
  match(k: RequestInfo | URL): Promise<Response | undefined> {
    return Promise.resolve(this.m.get(this.key(k))?.clone());
  }
  keys(): Promise<string[]> {
    return Promise.resolve([...this.m.keys()]);
  }
}

function fakeCaches(full: () => boolean) {
  const all = new Map<string, FakeCache>();
  return {
    all,
    open: (name: string) => {
      if (!all.has(name)) all.set(name, new FakeCache(full));
      return Promise.resolve(all.get(name)!);
    },
    has: (name: string) => Promise.resolve(all.has(name)),
    delete: (name: string) => Promise.resolve(all.delete(name)),
    keys: () => Promise.resolve([...all.keys()]),
  };
}

describe('download machine against the Save for offline control and the real API', () => {
  const api = useRealApi();
  let gate: Gate;
  let quota = false;
  // Resolvers of navigator.serviceWorker.ready, in the order asked.
  let ready: Array<() => void> = [];
  let store = fakeCaches(() => quota);
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    loadTestMessages();
    // The app's file list and page (no web build here): empty and a stub.
    const inner = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/sw-assets.json')) return Promise.resolve(new Response('[]'));
      if (url.endsWith('/index.html')) return Promise.resolve(new Response('<!doctype html>'));
      return inner(input, init);
    };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        register: () => Promise.resolve({}),
        get ready() {
          return new Promise<void>((r) => ready.push(r));
        },
      },
    });
  });
  afterEach(() => {
    gate?.uninstall();
    globalThis.fetch = realFetch;
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  /** A released chapter of several pages. */
  const chapterId = () => {
    const counts = new Map<number, number>();
    for (const p of api.catalog.pages) counts.set(p.chapter_id, (counts.get(p.chapter_id) ?? 0) + 1);
    const now = Date.now() / 1000;
    return api.catalog.chapters.find((c) => c.start_ts < now && (c.end_ts === 0 || c.end_ts > now) && (counts.get(c.id) ?? 0) >= 4)!.id;
  };
  const control = () => document.querySelector('.save-offline');
  /** What the control says (its text, the icon's hidden label included). */
  const shown = () => control()?.textContent ?? '';
  /** What the reader reads in each state of the machine. */
  const SAYS: Record<string, RegExp> = {
    idle: /^Save for offline$/,
    queued: /^Waiting…Cancel$/,
    downloading: /^Saving… \d+%Cancel$/,
    saved: /^Saved for offline[\d.]+ MBRemove$/,
    failed: /^Try again(This chapter could not be saved\.|Not enough storage space on this device: nothing was saved\.)$/,
    cancelled: /^Save for offlineDownload cancelled\.$/,
    removed: /^Save for offlineRemoved from this device\.$/,
  };
  /** Waits for ok, bounded: a wait that cannot end fails with what it waited for. */
  const until = async (ok: () => boolean, what = 'the control') => {
    for (let i = 0; !ok(); i++) {
      if (i > 3000) throw new Error(`waited in vain for ${what} (the control says "${shown()}")`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('every state and transition, as the reader sees it', async () => {
    const id = chapterId();
    const r = await runUiModel(
      downloadMachine,
      {
        name: 'download',
        inputs: [{ saved: false }, { saved: true, bytes: 5000 }],
        events: [
          { type: 'download.request' },
          { type: 'download.start', total: 3 },
          { type: 'download.progress', done: 2, total: 3 },
          { type: 'download.saved', bytes: 1000 },
          { type: 'download.failed', reason: 'quota' },
          { type: 'download.failed', reason: 'failed' },
          { type: 'download.cancel' },
          { type: 'download.remove' },
        ],
      },
      (input) => ({
        render: async () => {
          // Downloads outlive their control (one queue for the app): let the last path's go, or it holds the queue.
          cancelDownload(id);
          gate?.uninstall();
          gate = installGate(/\/img\//);
          quota = false;
          ready = [];
          store = fakeCaches(() => quota);
          vi.stubGlobal('caches', store);
          if ((input as { saved: boolean }).saved) {
            const c = await store.open(`offline-chapter-${id}`);
            await c.put('/offline/meta', new Response(JSON.stringify({ chapterId: id, bytes: 5000, savedAt: 1 })));
          }
          render(<SaveForOffline chapterId={id} name="#1" />);
          await until(() => control() !== null);
        },
        events: {
          'download.request': () => fireEvent.click(screen.getByRole('button', { name: /^Save .* for offline reading$/ })),
          'download.start': async () => {
            await until(() => ready.length > 0, 'the service worker to be asked for');
            ready.shift()!();
            // The chapter's answer is stored once the first page is asked for.
            await until(() => gate.pending() > 0, 'the first page request');
          },
          // One page through; it is stored once the next page is asked for (a full storage set later must not catch it).
          'download.progress': async () => {
            await gate.release('pass');
            await until(() => gate.pending() > 0, 'the next page request');
          },
          'download.saved': async () => {
            await until(() => {
              if (gate.pending()) void gate.release('pass');
              return SAYS.saved.test(shown());
            }, 'the chapter to be saved');
          },
          'download.failed': async (e) => {
            if (e.reason === 'quota') quota = true;
            await gate.release(e.reason === 'quota' ? 'pass' : 'fail');
          },
          'download.cancel': async () => {
            fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
            await until(() => ![...store.all.keys()].some((k) => k.startsWith('offline-staging-')), 'the staging copy to be deleted');
          },
          'download.remove': () => fireEvent.click(screen.getByRole('button', { name: /^Remove .* from this device$/ })),
        },
        check: (s) => {
          const ctx = s.context as { error: string | null };
          expect(shown()).toMatch(SAYS[String(s.value)]);
          const busy = s.value === 'queued' || s.value === 'downloading';
          expect(!!document.querySelector('.save-offline progress')).toBe(busy);
          expect(!!screen.queryByRole('button', { name: 'Cancel' })).toBe(busy);
          if (ctx.error === 'quota') screen.getByText(/Not enough storage space/);
          if (ctx.error === 'failed') screen.getByText('This chapter could not be saved.');
          // Nothing half-saved: a chapter's cache exists only once saved.
          if (s.value !== 'saved') expect([...store.all.keys()].filter((k) => k.startsWith('offline-chapter-'))).toEqual([]);
          if (s.value !== 'downloading') expect([...store.all.keys()].filter((k) => k.startsWith('offline-staging-'))).toEqual([]);
        },
      }),
    );
    expect(r.paths).toBeGreaterThan(0);
  });
});
