/**
 * What the tests of a chapter's first pages share (viewerFirstPaint,
 * viewerFirstPaintScript): a /viewer/{id} page opened with the viewer's test
 * harness and the app's code held back until released, what the drawing
 * ahead of the app shows, the decrypted sources, and the viewer's own canvas
 * after the hand-over.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FirstPage } from '../../core/viewer/firstViewPlan';
import type { ChapterShape } from '../../core/viewer/pageShape';
import { launchBrowser, PHONE } from './harness';
import { attachViewerHarness } from './viewerHarness';
import { e2eBase } from './base';

export type Rect = { item: number; x: number; y: number; w: number; h: number; image: boolean };
export type Boot = {
  session?: string;
  chapter?: { query: string; shape: ChapterShape; token?: string };
  responses: Record<string, string>;
};
export const SHOTS = '.tmp/screenshots/viewer';
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** A browser for this test file; `open` gives a viewer page with the app's code held back. */
export function firstPaintBrowser() {
  const base = e2eBase();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** `at`: another address of the server (a countingProxy's). */
    open: (chapterId: number, kind: 'desktop' | 'phone', init?: string, cookies?: Record<string, string>, held?: RegExp, at?: string) =>
      open(browser, at ?? base, chapterId, kind, init, cookies, held),
    browser: () => browser,
    base,
  };
}

/**
 * The server behind a loopback proxy that counts the browser's requests reaching it by path: what
 * it really downloaded (a preload's response used by a fetch is one request; the browser's own
 * request events may report a request it answered from a preload or its cache). The test's own
 * requests (Node's fetch: sourceColors) are not counted.
 */
export async function countingProxy(base: string): Promise<{ url: string; hits: (path: string) => number; close(): Promise<void> }> {
  const target = new URL(base);
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    if (/Mozilla/.test(req.headers['user-agent'] ?? '')) seen.push(req.url ?? '');
    const out = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: (path) => seen.filter((u) => u === path).length,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export const until = async (page: Page, expr: string) => {
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
  browser: Browser,
  base: string,
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
    if (/\/api\/manga_viewer(_v3)?\?/.test(r.url())) calls.push({ url: r.url(), token: r.headers()['session-token'] });
    if (/\/img\/page\/|\/manga_viewer_v3\/page\//.test(r.url())) images.push(r.url());
    if (/\/assets\/chapterStartDrawing-[^/]+\.js$/.test(r.url())) drawCode.push(r.url());
  });
  const res = await page.goto(`/viewer/${chapterId}`, { waitUntil: 'commit' });
  const html = (await res?.text()) ?? '';
  const m = /<script id="__boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return { ctx, page, html, boot: m ? (JSON.parse(m[1]) as Boot) : null, calls, images, drawCode, release };
}

/**
 * What the entry shows: its items, and the colour at points of each page (fractions of its rect),
 * read from its layer's images drawn where they are, at the drawing's resolution (its pixels as
 * decoded, at their places in the layer: the page the browser composites).
 */
export async function firstCanvas(page: Page, pages: FirstPage[], points: [number, number][]) {
  await page.waitForSelector('.viewer-first[data-items]', { state: 'attached' });
  await until(page, `document.querySelector('.viewer-first').dataset.items.split(',').length === ${pages.length}`);
  return await page.evaluate<{ items: number[]; box: [number, number]; colors: number[][][] }>(
    `(() => {
      const layer = document.querySelector('.viewer-first');
      const r = Math.min(2, devicePixelRatio || 1);
      const c = document.createElement('canvas');
      c.width = Math.round(layer.clientWidth * r);
      c.height = Math.round(layer.clientHeight * r);
      const ctx = c.getContext('2d', { alpha: false, willReadFrequently: true });
      ctx.fillStyle = '#111';
      ctx.fillRect(0, 0, c.width, c.height);
      const at = layer.getBoundingClientRect();
      for (const img of layer.querySelectorAll('img')) {
        const b = img.getBoundingClientRect();
        if (img.complete && img.naturalWidth) ctx.drawImage(img, (b.x - at.x) * r, (b.y - at.y) * r, b.width * r, b.height * r);
      }
      const pages = ${JSON.stringify(pages)};
      const points = ${JSON.stringify(points)};
      return {
        items: layer.dataset.items.split(',').map(Number).sort((a, b) => a - b),
        box: [layer.clientWidth, layer.clientHeight],
        colors: pages.map((p) => points.map(([u, v]) => Array.from(ctx.getImageData(Math.floor((p.x + p.w * u) * r), Math.floor((p.y + p.h * v) * r), 1, 1).data).slice(0, 3))),
      };
    })()`,
  );
}

/** The decrypted source of each page drawn at its rect on a canvas like firstCanvas's, sampled at the same points. */
export async function sourceColors(page: Page, pages: FirstPage[], points: [number, number][]) {
  const out: number[][][] = [];
  for (const p of pages) {
    const enc = Buffer.from(await (await fetch(p.url)).arrayBuffer());
    const key = Buffer.from(p.key, 'hex');
    const plain = enc.map((b, i) => b ^ key[i % key.length]);
    out.push(
      await page.evaluate<number[][]>(
        `(async () => {
          const bytes = Uint8Array.from(atob(${JSON.stringify(Buffer.from(plain).toString('base64'))}), (ch) => ch.charCodeAt(0));
          const bmp = await createImageBitmap(new Blob([bytes]));
          const first = document.querySelector('.viewer-first');
          const r = Math.min(2, devicePixelRatio || 1);
          const c = document.createElement('canvas');
          c.width = Math.round(first.clientWidth * r);
          c.height = Math.round(first.clientHeight * r);
          const ctx = c.getContext('2d', { alpha: false, willReadFrequently: true });
          const p = ${JSON.stringify(p)};
          ctx.drawImage(bmp, p.x * r, p.y * r, p.w * r, p.h * r);
          return ${JSON.stringify(points)}.map(([u, v]) => Array.from(ctx.getImageData(Math.floor((p.x + p.w * u) * r), Math.floor((p.y + p.h * v) * r), 1, 1).data).slice(0, 3));
        })()`,
      ),
    );
  }
  return out;
}

export const maxDiff = (a: number[][][], b: number[][][]) =>
  Math.max(...a.flatMap((pg, i) => pg.flatMap((c, j) => c.map((x, k) => Math.abs(x - b[i][j][k])))));
export const meanDiff = (a: number[][][], b: number[][][]) => {
  const d = a.flatMap((pg, i) => pg.flatMap((c, j) => c.map((x, k) => Math.abs(x - b[i][j][k]))));
  return d.reduce((s, x) => s + x, 0) / d.length;
};

/** Points inside the visible part of every page (the first pages may run past the bottom). */
export const POINTS: [number, number][] = [
  [0.2, 0.1],
  [0.5, 0.2],
  [0.8, 0.3],
  [0.3, 0.4],
  [0.7, 0.5],
];
export const visiblePoints = (pages: FirstPage[], height: number) =>
  POINTS.filter(([, v]) => pages.every((p) => p.y + p.h * v < height - 1));

/** After the app has loaded: the viewer's own canvas shows the pages (the entry's canvas gone); their rects. */
export async function handedOver(o: Opened, items: number[]): Promise<Rect[]> {
  o.release();
  await until(
    o.page,
    `!document.querySelector('.viewer-first') && window.__viewerDebug && ${JSON.stringify(items)}.every((i) => window.__viewerDebug.rects().some((r) => r.item === i && r.image)) && window.__viewerDebug.settled()`,
  );
  const rects = await o.page.evaluate<Rect[]>('window.__viewerDebug.rects()');
  return items.map((i) => rects.find((r) => r.item === i)!);
}

export async function pixiColors(page: Page, pages: FirstPage[], points: [number, number][]) {
  const out: number[][][] = [];
  for (const p of pages) {
    const pg: number[][] = [];
    for (const [u, v] of points)
      pg.push((await page.evaluate<number[]>(`window.__viewerDebug.samplePixel(${p.x + p.w * u}, ${p.y + p.h * v})`)).slice(0, 3));
    out.push(pg);
  }
  return out;
}
