/**
 * bench/viewer.ts's pages in one engine: our viewer page and the plain <img>
 * page, each opened cold (a context of its own: Playwright's for Chromium, a
 * browser context in Firefox, a new MiniBrowser in WebKit) with an init script.
 *
 *  - Chromium: Playwright as before (addInitScript; the harness through
 *    attachViewerHarness's routing; the plain page fulfilled by page.route).
 *  - Firefox, WebKit: tests/engines/drivers.ts, through bench/_engineFront.ts
 *    (init scripts put first in each document, the plain page from memory)
 *    and tests/engines/proxy.ts (the harness). Our page passes the first hop
 *    on loopback, and the second only when it runs with the harness; the
 *    plain page only the first. (Ours passed both in every run until
 *    2026-12-04: a hop for each of its requests that the plain page did not pay.)
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { launchEngine, type EngineName } from '../tests/engines/drivers';
import { startProxy } from '../tests/engines/proxy';
import { launchBrowser } from '../tests/e2e/harness';
import { attachViewerHarness, type HarnessOptions } from '../tests/e2e/viewerHarness';
import { ENTRY_TYPES, startFront } from './_engineFront';

/** What the bench does with a page: run a page expression (promises awaited), press a key, close it. */
export interface BenchPage {
  eval<T>(expr: string): Promise<T>;
  press(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface ViewerPages {
  readonly name: EngineName;
  /** PerformanceObserver.supportedEntryTypes in this engine. */
  readonly entryTypes: string[];
  /** Our viewer page of the chapter, cold, `init` run first in it; with the viewer's test harness or not. */
  ours(chapter: number, harness: boolean, init: string): Promise<BenchPage>;
  /** The plain page: the decrypted first page as one <img>, cold, `init` first. */
  plain(init: string): Promise<BenchPage>;
  close(): Promise<void>;
}

const PLAIN_HTML = `<!doctype html><html><body style="margin:0;background:#111"><img id="p" src="/bench-plain/0.webp" style="height:100vh;display:block;margin:auto"></body></html>`;

async function chromiumPages(server: string, viewport: { width: number; height: number }, image: Buffer, harness: HarnessOptions) {
  const browser: Browser = await launchBrowser();
  const wrap = (ctx: BrowserContext, page: Awaited<ReturnType<BrowserContext['newPage']>>): BenchPage => ({
    eval: (e) => page.evaluate(e),
    press: (k) => page.keyboard.press(k),
    close: () => ctx.close(),
  });
  const types = await (async () => {
    const p = await browser.newPage();
    const t = await p.evaluate<string>(ENTRY_TYPES);
    await p.close();
    return t;
  })();
  const pages: ViewerPages = {
    name: 'chromium',
    entryTypes: types.split(','),
    async ours(chapter, withHarness, init) {
      const ctx = await browser.newContext({ viewport });
      if (withHarness) await attachViewerHarness(ctx, harness);
      await ctx.addInitScript(init);
      const page = await ctx.newPage();
      await page.goto(`${server}/viewer/${chapter}`);
      return wrap(ctx, page);
    },
    async plain(init) {
      const ctx = await browser.newContext({ viewport });
      await ctx.route(`${server}/bench-plain.html`, (rt) => rt.fulfill({ contentType: 'text/html', body: PLAIN_HTML }));
      await ctx.route(`${server}/bench-plain/0.webp`, (rt) => rt.fulfill({ contentType: 'image/webp', body: image }));
      await ctx.addInitScript(init);
      const page = await ctx.newPage();
      await page.goto(`${server}/bench-plain.html`);
      return wrap(ctx, page);
    },
    close: () => browser.close(),
  };
  return pages;
}

/** The engine's pages for the bench; `image`: the decrypted first page the plain page shows. */
export async function viewerPages(
  name: EngineName,
  server: string,
  viewport: { width: number; height: number },
  image: Buffer,
  harness: HarnessOptions,
): Promise<ViewerPages> {
  if (name === 'chromium') return chromiumPages(server, viewport, image, harness);
  const [engine, proxy] = await Promise.all([launchEngine(name), startProxy(server, null)]);
  const front = await startFront(proxy.url);
  front.routes.set('/bench-plain.html', { type: 'text/html', body: PLAIN_HTML });
  front.routes.set('/bench-plain/0.webp', { type: 'image/webp', body: image });
  front.routes.set('/bench-blank.html', { type: 'text/html', body: '<!doctype html><body></body>' });
  const open = async (at: string, init: string): Promise<BenchPage> => {
    front.scripts = init ? [init] : [];
    const page = await engine.open(viewport);
    await page.goto(`${front.url}${at}`);
    return { eval: (e) => page.eval(e), press: (k) => page.press(k), close: () => page.close() };
  };
  const probe = await open('/bench-blank.html', '');
  const types = await probe.eval<string>(ENTRY_TYPES);
  await probe.close();
  return {
    name,
    entryTypes: types.split(','),
    ours(chapter, withHarness, init) {
      proxy.harness = withHarness ? harness : null;
      // Without the harness nothing needs the second hop: the page goes engine → front → server, one hop
      // as the plain page's (answered by the front itself); with it, through the harness proxy too.
      front.target = withHarness ? proxy.url : server;
      return open(`/viewer/${chapter}`, init);
    },
    plain: (init) => open('/bench-plain.html', init),
    async close() {
      await engine.close();
      await front.close();
      await proxy.close();
    },
  };
}

/** Polls a page expression until it has a value (bounded: `what` never came, in `ms`); undefined when `ms` ran out and `soft`. */
export async function valueOf<T>(page: BenchPage, expr: string, what: string, ms = 90_000, soft = false): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await page.eval<T | undefined | null>(expr);
    if (v !== undefined && v !== null) return v;
    if (Date.now() > end) {
      if (soft) return undefined;
      throw new Error(`never came within ${ms / 1000} s: ${what}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}
