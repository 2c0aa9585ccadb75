import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './harness';
import { attachViewerHarness, harnessSrc, withHarness } from './viewerHarness';
import { generateCatalog } from '../../server/catalog/generate';
import { loadConfig } from '../../server/config';
import { planFirstView, type FirstPage } from '../../core/viewer/firstViewPlan';
import type { ChapterShape } from '../../core/viewer/pageShape';

/**
 * A chapter's first pages drawn by the entry before the viewer's code loads
 * (src/viewer/firstPaint.ts from the chapter the server put in the page):
 * the decrypted pages at the places the viewer then draws them itself, no
 * second chapter call, the session the answer was made for kept, and nothing
 * drawn ahead when the answer was made for someone else. Real demo chapters.
 * Screenshots go to .tmp/screenshots/viewer/.
 */
type Rect = { item: number; x: number; y: number; w: number; h: number; image: boolean };
type Boot = { session?: string; chapter?: { query: string; shape: ChapterShape }; responses: Record<string, string> };
const SHOTS = '.tmp/screenshots/viewer';
const notable = generateCatalog(loadConfig().catalogSeed, Math.floor(Date.now() / 1000)).notable;
const DESKTOP = { viewport: { width: 1280, height: 800 } };

describe('first pages drawn ahead of the viewer', () => {
  const base = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const until = async (page: Page, expr: string) => {
    for (let i = 0; ; i++) {
      if (await page.evaluate(`(() => { try { return !!(${expr}); } catch { return false; } })()`)) return;
      if (i > 300) throw new Error(`never held: ${expr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  interface Opened {
    ctx: BrowserContext;
    page: Page;
    /** The page as sent. */
    html: string;
    boot: Boot | null;
    /** Chapter calls the browser made. */
    calls: { url: string; token: string | undefined }[];
    /** Page images the browser fetched (URLs, as often as fetched). */
    images: string[];
    /** Requests for the entry's own copy of the drawing code (none when the page's script drew). */
    drawCode: string[];
    /** Lets the app's code load (held until then, so the first drawing can be read). */
    release(): void;
  }

  async function open(
    chapterId: number,
    kind: 'desktop' | 'phone',
    init = '',
    cookies: Record<string, string> = {},
    held: RegExp = /\/assets\/startApp-[^/]+\.js$/,
  ): Promise<Opened> {
    const ctx = await browser.newContext({ ...(kind === 'phone' ? PHONE : DESKTOP), baseURL: base, locale: 'en-US' });
    await ctx.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: base })));
    await attachViewerHarness(ctx, { clocks: 'manual' });
    await ctx.addInitScript(`if (!sessionStorage.getItem('__seeded')) { sessionStorage.setItem('__seeded', '1'); ${init} }`);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await ctx.route(held, async (route) => {
      await gate;
      await route.continue();
    });
    const page = await ctx.newPage();
    const calls: Opened['calls'] = [];
    const images: string[] = [];
    const drawCode: string[] = [];
    // (The context's requests: the page's and its decode workers'.)
    ctx.on('request', (r) => {
      if (r.url().includes('/api/manga_viewer')) calls.push({ url: r.url(), token: r.headers()['session-token'] });
      if (r.url().includes('/img/page/')) images.push(r.url());
      if (/\/assets\/chapterStartDrawing-[^/]+\.js$/.test(r.url())) drawCode.push(r.url());
    });
    const res = await page.goto(`/viewer/${chapterId}`, { waitUntil: 'commit' });
    const html = (await res?.text()) ?? '';
    const m = /<script id="__boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
    return { ctx, page, html, boot: m ? (JSON.parse(m[1]!) as Boot) : null, calls, images, drawCode, release };
  }

  /** What the entry drew: its items, and the colour at points of each page (fractions of its rect). */
  async function firstCanvas(page: Page, pages: FirstPage[], points: [number, number][]) {
    await page.waitForSelector('canvas.viewer-first[data-items]', { state: 'attached' });
    await until(page, `document.querySelector('canvas.viewer-first').dataset.items.split(',').length === ${pages.length}`);
    return (await page.evaluate(
      `(() => {
        const c = document.querySelector('canvas.viewer-first');
        const r = c.width / c.clientWidth;
        const ctx = c.getContext('2d');
        const pages = ${JSON.stringify(pages)};
        const points = ${JSON.stringify(points)};
        return {
          items: c.dataset.items.split(',').map(Number).sort((a, b) => a - b),
          box: [c.clientWidth, c.clientHeight],
          colors: pages.map((p) => points.map(([u, v]) => Array.from(ctx.getImageData(Math.floor((p.x + p.w * u) * r), Math.floor((p.y + p.h * v) * r), 1, 1).data).slice(0, 3))),
        };
      })()`,
    )) as { items: number[]; box: [number, number]; colors: number[][][] };
  }

  /** The decrypted source of each page drawn at its rect on a canvas like the entry's, sampled at the same points. */
  async function sourceColors(page: Page, pages: FirstPage[], points: [number, number][]) {
    const out: number[][][] = [];
    for (const p of pages) {
      const enc = Buffer.from(await (await fetch(p.url)).arrayBuffer());
      const key = Buffer.from(p.key, 'hex');
      const plain = enc.map((b, i) => b ^ key[i % key.length]!);
      out.push(
        (await page.evaluate(
          `(async () => {
            const bytes = Uint8Array.from(atob(${JSON.stringify(Buffer.from(plain).toString('base64'))}), (ch) => ch.charCodeAt(0));
            const bmp = await createImageBitmap(new Blob([bytes]));
            const first = document.querySelector('canvas.viewer-first');
            const r = first.width / first.clientWidth;
            const c = document.createElement('canvas');
            c.width = first.width;
            c.height = first.height;
            const ctx = c.getContext('2d', { alpha: false, willReadFrequently: true });
            const p = ${JSON.stringify(p)};
            ctx.drawImage(bmp, p.x * r, p.y * r, p.w * r, p.h * r);
            return ${JSON.stringify(points)}.map(([u, v]) => Array.from(ctx.getImageData(Math.floor((p.x + p.w * u) * r), Math.floor((p.y + p.h * v) * r), 1, 1).data).slice(0, 3));
          })()`,
        )) as number[][],
      );
    }
    return out;
  }

  const maxDiff = (a: number[][][], b: number[][][]) =>
    Math.max(...a.flatMap((pg, i) => pg.flatMap((c, j) => c.map((x, k) => Math.abs(x - b[i]![j]![k]!)))));
  const meanDiff = (a: number[][][], b: number[][][]) => {
    const d = a.flatMap((pg, i) => pg.flatMap((c, j) => c.map((x, k) => Math.abs(x - b[i]![j]![k]!))));
    return d.reduce((s, x) => s + x, 0) / d.length;
  };

  /** Points inside the visible part of every page (the first pages may run past the bottom). */
  const POINTS: [number, number][] = [
    [0.2, 0.1],
    [0.5, 0.2],
    [0.8, 0.3],
    [0.3, 0.4],
    [0.7, 0.5],
  ];
  const visiblePoints = (pages: FirstPage[], height: number) => POINTS.filter(([, v]) => pages.every((p) => p.y + p.h * v < height - 1));

  /** After the app has loaded: the viewer's own canvas shows the pages (the entry's canvas gone); their rects. */
  async function handedOver(o: Opened, items: number[]): Promise<Rect[]> {
    o.release();
    await until(
      o.page,
      `!document.querySelector('canvas.viewer-first') && window.__viewerDebug && ${JSON.stringify(items)}.every((i) => window.__viewerDebug.rects().some((r) => r.item === i && r.image)) && window.__viewerDebug.settled()`,
    );
    const rects = (await o.page.evaluate('window.__viewerDebug.rects()')) as Rect[];
    return items.map((i) => rects.find((r) => r.item === i)!);
  }

  async function pixiColors(page: Page, pages: FirstPage[], points: [number, number][]) {
    const out: number[][][] = [];
    for (const p of pages) {
      const pg: number[][] = [];
      for (const [u, v] of points)
        pg.push(((await page.evaluate(`window.__viewerDebug.samplePixel(${p.x + p.w * u}, ${p.y + p.h * v})`)) as number[]).slice(0, 3));
      out.push(pg);
    }
    return out;
  }

  it('a first visit on a desktop: the decrypted first page drawn before the app loads, then the viewer draws it at the same place, asking nothing again', async () => {
    const o = await open(notable.longChapterId, 'desktop');
    expect(o.boot?.chapter?.shape.pages.length).toBeGreaterThan(300);
    expect(o.boot?.session).toMatch(/^[0-9a-f]{32}$/);
    const plan = planFirstView(o.boot!.chapter!.shape, DESKTOP.viewport, null, 0);
    expect(plan.mode).toBe('vertical');
    // An 800 px column: the first page fills the window's height.
    expect(plan.pages.map((p) => p.item)).toEqual([0]);
    const points = visiblePoints(plan.pages, DESKTOP.viewport.height);
    const drawn = await firstCanvas(o.page, plan.pages, points);
    expect(drawn.items).toEqual([0]);
    expect(drawn.box).toEqual([1280, 800]);
    expect(maxDiff(drawn.colors, await sourceColors(o.page, plan.pages, points))).toBeLessThanOrEqual(2);
    // The app's code has not run: what is on screen is the entry's drawing.
    expect(await o.page.evaluate('!!window.__viewerDebug')).toBe(false);
    await o.page.screenshot({ path: `${SHOTS}/first-paint-desktop.png` });

    const [r0] = await handedOver(o, [0]);
    for (const k of ['x', 'y', 'w', 'h'] as const) expect(Math.abs(r0![k] - plan.pages[0]![k]), k).toBeLessThanOrEqual(1);
    // The same page in the same place (Pixi filters a little differently).
    expect(meanDiff(await pixiColors(o.page, plan.pages, points), drawn.colors)).toBeLessThanOrEqual(12);
    // The chapter came with the page, for the session it was made for, which the app keeps.
    expect(o.calls).toEqual([]);
    // The first page was fetched once: the page's preload (its only one), used by the entry; the viewer took its bitmap.
    expect([...o.html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((x) => x[1])).toEqual([
      plan.pages[0]!.url,
    ]);
    expect(o.images.filter((u) => u === plan.pages[0]!.url)).toHaveLength(1);
    // Drawn by the page's script: the entry took its drawing over and loaded no drawing code of its own.
    expect(o.drawCode).toEqual([]);
    expect(await o.page.evaluate(`localStorage.getItem('session_id')`)).toBe(o.boot!.session);
    expect((await o.ctx.cookies()).find((c) => c.name === 'mr_sid')?.value).toBe(o.boot!.session);
    await o.ctx.close();
  });

  it('a phone: both pages the column shows are drawn; a reader coming back resumes on the page they left, drawn ahead too', async () => {
    const o = await open(notable.longChapterId, 'phone');
    const plan = planFirstView(o.boot!.chapter!.shape, PHONE.viewport, null, 0);
    expect(plan.pages.map((p) => p.item)).toEqual([0, 1]);
    const points = visiblePoints(plan.pages, PHONE.viewport.height);
    const drawn = await firstCanvas(o.page, plan.pages, points);
    expect(drawn.items).toEqual([0, 1]);
    expect(maxDiff(drawn.colors, await sourceColors(o.page, plan.pages, points))).toBeLessThanOrEqual(2);
    await o.page.screenshot({ path: `${SHOTS}/first-paint-phone.png` });
    await handedOver(o, [0, 1]);
    // The second page, not preloaded (a wider screen shows only the first), asked by the page's script once.
    expect(o.html).not.toContain(`href="${plan.pages[1]!.url}"`);
    expect(o.images.filter((u) => u === plan.pages[1]!.url)).toHaveLength(1);
    await o.ctx.close();

    const back = await open(
      notable.longChapterId,
      'desktop',
      `localStorage.setItem('viewer_last_page', JSON.stringify({ '${notable.longChapterId}': 7 }));`,
    );
    const resumed = planFirstView(back.boot!.chapter!.shape, DESKTOP.viewport, null, 7);
    expect(resumed.pages.map((p) => p.item)).toEqual([7]);
    const shown = await firstCanvas(back.page, resumed.pages, visiblePoints(resumed.pages, 800));
    expect(shown.items).toEqual([7]);
    const [r7] = await handedOver(back, [7]);
    expect(Math.abs(r7!.y - resumed.pages[0]!.y)).toBeLessThanOrEqual(1);
    expect(await back.page.evaluate('window.__viewerDebug.position().index')).toBe(7);
    await back.ctx.close();
  });

  it('horizontal, right to left (stored and mirrored in a cookie): the first spread drawn where the viewer puts it', async () => {
    const h = await open(notable.rtlChapterId, 'desktop', `localStorage.setItem('viewer_mode', 'horizontal');`, { mr_vmode: 'horizontal' });
    const boot = h.boot!;
    expect(boot.chapter!.shape.startFromRight).toBe(true);
    const plan = planFirstView(boot.chapter!.shape, DESKTOP.viewport, 'horizontal', 0);
    expect(plan.mode).toBe('horizontal');
    expect(plan.pages.length).toBeGreaterThan(0);
    const drawn = await firstCanvas(h.page, plan.pages, POINTS);
    expect(maxDiff(drawn.colors, await sourceColors(h.page, plan.pages, POINTS))).toBeLessThanOrEqual(2);
    const rects = await handedOver(
      h,
      plan.pages.map((p) => p.item),
    );
    rects.forEach((r, i) => expect(Math.abs(r.x - plan.pages[i]!.x)).toBeLessThanOrEqual(1));
    // (This chapter is horizontal-only as well: forced alike ahead and in the viewer.)
    expect(await h.page.evaluate('window.__viewerDebug.state().mode')).toMatch(/^horizontal/);
    await h.ctx.close();
  });

  it('the drawing starts while the page is parsed: a script inlined by its CSP hash, before the entry has even loaded', async () => {
    const errors: string[] = [];
    const o = await open(notable.longChapterId, 'desktop', '', {}, /\/assets\/index-[^/]+\.js$/);
    o.page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const plan = planFirstView(o.boot!.chapter!.shape, DESKTOP.viewport, null, 0);
    // The entry is held back: only the inlined script can have drawn this.
    const drawn = await firstCanvas(o.page, plan.pages, POINTS.slice(0, 3));
    expect(drawn.items).toEqual([0]);
    expect(maxDiff(drawn.colors, await sourceColors(o.page, plan.pages, POINTS.slice(0, 3)))).toBeLessThanOrEqual(2);
    // Its stylesheet did not hold the first frame: loaded for print until the entry applies it.
    const sheet = `[...document.querySelectorAll('link[rel=stylesheet]')].map((l) => [l.media, l.hasAttribute('data-deferred-style')].join())`;
    expect(await o.page.evaluate(sheet)).toEqual(['print,true']);
    const res = await o.ctx.request.get(`/viewer/${notable.longChapterId}`);
    expect(res.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    // No opener policy on it (a chapter opened in a new tab stays in its process); other pages keep it.
    expect(res.headers()['cross-origin-opener-policy']).toBeUndefined();
    const other = (await o.ctx.request.get('/ranking/hottest')).headers();
    expect(other['cross-origin-opener-policy']).toBe('same-origin');
    // Other pages allow no inline script, and their stylesheets load as usual.
    expect(other['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(await (await o.ctx.request.get('/ranking/hottest')).text()).not.toContain('data-deferred-style');
    await handedOver(o, [0]);
    // The entry applied it before the app rendered (the viewer's own stylesheet came with its code).
    const after = (await o.page.evaluate(sheet)) as string[];
    expect(after[0]).toBe('all,false');
    expect(after.filter((x) => x.startsWith('print') || x.endsWith('true'))).toEqual([]);
    expect(await o.page.evaluate(`getComputedStyle(document.body).marginTop`)).toBe('0px');
    expect(o.calls).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await o.ctx.close();
  });

  it('a page whose script did not run: the entry loads the drawing code and draws them itself', async () => {
    const ctx = await browser.newContext({ ...DESKTOP, baseURL: base, locale: 'en-US' });
    // The page as sent, less its inlined script (the boot data, a JSON script, stays), with the viewer's test harness.
    const harness = harnessSrc({ clocks: 'manual' });
    await ctx.route(/\/viewer\/\d+$/, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, body: withHarness((await res.text()).replace(/<script>[\s\S]*?<\/script>/, ''), harness) });
    });
    const page = await ctx.newPage();
    const drawnBy: string[] = [];
    ctx.on('request', (r) => /\/assets\/chapterStartDrawing-[^/]+\.js$/.test(r.url()) && drawnBy.push(r.url()));
    await page.goto(`/viewer/${notable.longChapterId}`, { waitUntil: 'commit' });
    await page.waitForSelector('canvas.viewer-first[data-items]', { state: 'attached' });
    expect(await page.evaluate(`document.querySelector('canvas.viewer-first').dataset.items`)).toBe('0');
    expect(drawnBy).toHaveLength(1);
    await until(
      page,
      `!document.querySelector('canvas.viewer-first') && window.__viewerDebug && window.__viewerDebug.rects().some((r) => r.item === 0 && r.image)`,
    );
    expect(await page.evaluate(`getComputedStyle(document.body).marginTop`)).toBe('0px');
    await ctx.close();
  });

  it('an answer made for another session is not taken: nothing drawn ahead, the app asks with its own token', async () => {
    const mine = 'ab'.repeat(16);
    const o = await open(notable.longChapterId, 'desktop', `localStorage.setItem('session_id', '${mine}');`);
    expect(o.boot?.session).toMatch(/^[0-9a-f]{32}$/);
    expect(o.boot?.session).not.toBe(mine);
    o.release();
    await until(o.page, `window.__viewerDebug && window.__viewerDebug.rects().some((r) => r.item === 0 && r.image)`);
    expect(await o.page.evaluate(`!!document.querySelector('canvas.viewer-first')`)).toBe(false);
    expect(o.calls.map((c) => c.token)).toEqual([mine]);
    // Mirrored for the next visit, which the server then renders for this session.
    expect((await o.ctx.cookies()).find((c) => c.name === 'mr_sid')?.value).toBe(mine);
    const again = await o.page.reload();
    const boot = JSON.parse(
      /<script id="__boot" type="application\/json">([\s\S]*?)<\/script>/.exec((await again?.text()) ?? '')![1]!,
    ) as Boot;
    expect(boot.session).toBe(mine);
    await o.ctx.close();
  });
});
