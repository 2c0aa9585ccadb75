import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageLoaderMachine } from '../../machines/pageLoaderMachine';
import { STORAGE } from '../../core/storageKeys';
import { valueKey } from '../model/uiModel';
import { runInBrowser, type BrowserDriver, type Ev } from './browserModel';
import { startImageServer, type ImageServer } from './imageServer';
import { dbg, poll, viewerBrowser, waitFor } from './viewerDriver';

/**
 * The page-loading machine's paths run in Chromium on the real viewer with a controlled
 * chapter (viewerDriver.ts): a page queued behind busy decoders (one decode worker, a three-page cache
 * window), its streamed progress, decoded, failed and retried, evicted and
 * requested again, with the image server holding and releasing each response.
 * At every step the viewer's own state and what it shows must be what the
 * model says; every state and transition of the machine is covered.
 */
describe('viewer machines on the real viewer: page loading', () => {
  const { openViewer, closeViewer } = viewerBrowser();

  it('page loading: queued behind busy decoders, streamed progress, decoded, failed and retried, evicted and requested again', async () => {
    // 30 single pages read left to right, two to a spread; one decoder worker (two fetches at a time)
    // and a small cache window (3 pages, 1 behind, 3 ahead) so queueing and eviction happen on a short chapter.
    const pages = [...Array.from({ length: 30 }, () => 'S' as const), 'last' as const];
    // Spreads: [0], [1, 2], … [11, 12], [13, 14]: on [11, 12] the window (cap 3) is 11, 12 and P.
    const P = 13;
    const servers = new WeakMap<Page, ImageServer>();
    const srvOf = (page: Page) => servers.get(page)!;
    const status = (page: Page) => dbg<{ status: string; loaded: number; total: number }>(page, `d.pageState(${P})`);
    const goToSpread = async (page: Page, spread: number) => {
      if ((await dbg<{ nav: string }>(page, 'd.state()'))?.nav === 'hidden') {
        const b = (await page.getByTestId('viewer-stage').boundingBox())!;
        await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
        await waitFor(page, `window.__viewerDebug.state().nav !== 'hidden'`);
      }
      await page.getByTestId('viewer-slider').fill(String(spread + 1));
      await waitFor(page, `window.__viewerDebug.position().index === ${spread}`);
    };
    const spreadOf = (page: Page, item: number) => dbg<number>(page, `d.spreadOfItem(${item})`);
    // Where the reader stands so that page P is wanted but not on screen: the spread before it.
    const beforeP = async (page: Page) => (await spreadOf(page, P)) - 1;

    const driver: BrowserDriver<{ index: number }> = {
      async open() {
        const srv = await startImageServer(pages);
        srv.holdOthers = true;
        srv.hold.add(P);
        const page = await openViewer({
          fixture: { pages },
          storage: { [STORAGE.viewerMode]: 'horizontal' },
          harness: { poolSize: 1, cache: { ahead: 3, behind: 1, cap: 3 } },
          route: (ctx) => srv.route(ctx),
        });
        servers.set(page, srv);
        return page;
      },
      async close(page) {
        await closeViewer(page);
        await srvOf(page).close();
      },
      describe: async (page) => ({ P: await status(page), at: await dbg(page, 'd.position()'), waiting: srvOf(page).waiting(P) }),
      events: {
        // The reader moves to the spread before P: P is in the window, behind the two pages on screen.
        'page.request': async (page) => goToSpread(page, await beforeP(page)),
        // The pages ahead of it in the decoders finish; P's fetch begins.
        'page.start': async (page) => {
          for (let i = 0; i < 200 && (await status(page)).status !== 'loading'; i++) {
            srvOf(page).releaseOthers(P);
            await new Promise((r) => setTimeout(r, 25));
          }
        },
        'page.progress': async (page) => {
          await poll(() => srvOf(page).waiting(P)).toBe(true);
          srvOf(page).half(P);
        },
        'page.decoded': async (page) => {
          await poll(() => srvOf(page).waiting(P)).toBe(true);
          srvOf(page).finish(P);
        },
        'page.failed': async (page) => {
          await poll(() => srvOf(page).waiting(P)).toBe(true);
          srvOf(page).fail(P);
        },
        // On P's spread, its retry button.
        'page.retry': async (page) => {
          await goToSpread(page, await spreadOf(page, P));
          await page.locator(`[data-page="${P}"][data-status=failed] button`).click();
        },
        // Back to the start: P leaves the window; the pages there decode and push it out of the cache.
        'page.evict': async (page) => {
          const srv = srvOf(page);
          srv.holdOthers = false;
          srv.releaseOthers(P);
          await goToSpread(page, 0);
          await waitFor(page, `window.__viewerDebug.pageState(${P}).status === 'evicted'`);
          srv.holdOthers = true;
        },
      },
      async check(page, s, _input, before) {
        const value = String(s.value);
        const last = before.at(-1)?.type;
        // The pool may start a page the moment it is queued again (a retry on screen, a free decoder).
        const accept =
          value === 'queued' && (last === 'page.retry' || before.filter((b) => b.type === 'page.start').length > 0)
            ? ['queued', 'loading']
            : [value];
        await waitFor(page, `${JSON.stringify(accept)}.includes(window.__viewerDebug.pageState(${P}).status)`);
        const st = await status(page);
        const overlay = page.locator(`[data-page="${P}"]`);
        const near = Math.abs((await spreadOf(page, P)) - (await dbg<number>(page, 'd.position().index'))) <= 2;
        if (value === 'loading' && last === 'page.progress') {
          // Half of the bytes arrived: the progress shows it.
          await waitFor(page, `window.__viewerDebug.pageState(${P}).loaded > 0`);
          const now = await status(page);
          expect(now.loaded).toBeLessThan(now.total);
          if (near)
            await poll(() => overlay.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(
              String(Math.round((now.loaded / now.total) * 100)),
            );
        }
        if (value === 'decoded') {
          await poll(() => overlay.count()).toBe(0);
          expect(await dbg<number>(page, 'd.decoded()')).toBeGreaterThan(0);
        }
        if (value === 'failed') {
          expect(st.status).toBe('failed');
          if (near) await overlay.locator('button').waitFor();
        }
        if ((value === 'queued' || value === 'loading') && near)
          await poll(() => overlay.getAttribute('data-status')).toMatch(/queued|loading/);
        // (An aborted fetch reaches the image server a moment after the page is evicted.)
        if (value === 'idle' || value === 'evicted') await poll(() => srvOf(page).waiting(P)).toBe(false);
      },
    };
    const e = (type: string, extra: Record<string, unknown> = {}): Ev => ({ type, ...extra });
    const [request, start, progress, decoded, failed, retry, evict] = [
      e('page.request'),
      e('page.start'),
      e('page.progress', { loaded: 1, total: 2 }),
      e('page.decoded'),
      e('page.failed', { message: 'HTTP 500' }),
      e('page.retry'),
      e('page.evict'),
    ];
    await runInBrowser(
      pageLoaderMachine,
      {
        name: 'pageLoader',
        inputs: [{ index: P }],
        events: [request, start, progress, decoded, failed, retry, evict],
        // Attempts and byte counts grow without end: states are told apart by value.
        serializeState: (st) => valueKey(st.value),
        sequences: [
          [request, start, progress, decoded, evict, request, start, progress, failed, retry, start, failed, evict, request, evict],
          [request, start, evict, request, start, decoded],
        ],
      },
      driver,
    );
  });
});
