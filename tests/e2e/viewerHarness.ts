/**
 * Browser tests' (and benchmarks') way into the viewer: the page loads the
 * viewer's test harness (src/viewer/testing/harness.ts, its own entry in the
 * production build) ahead of the app's entry. Every HTML document the
 * context loads is fetched from the server as it is and gets one
 * `<script type="module">` for the harness before the entry's (same origin:
 * the page's Content-Security-Policy allows it; server-rendered /viewer/{id}
 * pages keep their inlined first-paint script). Then `window.__viewerDebug`
 * holds the live session's figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { CacheConfig } from '../../src/viewer/cachePolicy';
import type { ReaderSettings } from '../../core/viewer/readerSettings';

export interface HarnessOptions {
  /** 'manual': the navigation bar's and toast's timers and inertia are driven by hand (__viewerDebug.elapseNavTimer…). */
  clocks: 'manual' | 'real';
  /** A small cache window, to reach eviction on a short chapter. */
  cache?: CacheConfig;
  /** Decode workers (queueing alike on every machine). */
  poolSize?: number;
  /** Keep the canvas's drawing buffer so its pixels can be read (__viewerDebug.samplePixel); default true. Benchmarks turn it off. */
  pixels?: boolean;
  /** Reader settings the session starts with, over the stored ones (core/viewer/readerSettings.ts). */
  settings?: Partial<ReaderSettings>;
  /** A texture limit below the GPU's (px a side): larger pages are drawn in tiles. */
  maxTextureSize?: number;
  /** The fraction of the resolution drawn at while the camera moves (1: always whole); default the app's. */
  movingResolution?: number;
  /** The tiles' upload form (src/viewer/gpuUpload.ts) instead of the engine's probe. */
  uploadForm?: 'pixels' | 'bitmap';
}

const HARNESS_SOURCE = 'src/viewer/testing/harness.ts';

/** The harness's built file, from the build's manifest (WEB_DIR, as the server serves it, else dist/). */
function harnessPath(): string {
  const root = path.resolve(import.meta.dirname, '../..');
  const web = path.resolve(root, process.env.WEB_DIR ?? 'dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(web, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[HARNESS_SOURCE];
  if (!entry) throw new Error(`${HARNESS_SOURCE} is not in ${web}'s build: run vite build`);
  return `/${entry.file}`;
}

/** The harness's script address with its settings (for a test that rewrites a document itself: withHarness). */
export function harnessSrc(o: HarnessOptions): string {
  const q = new URLSearchParams({ clocks: o.clocks });
  if (o.cache) q.set('cache', [o.cache.ahead, o.cache.behind, o.cache.cap].join(','));
  if (o.poolSize) q.set('pool', String(o.poolSize));
  if (o.pixels === false) q.set('pixels', '0');
  if (o.settings) q.set('settings', JSON.stringify(o.settings));
  if (o.maxTextureSize) q.set('maxtex', String(o.maxTextureSize));
  if (o.movingResolution) q.set('moving', String(o.movingResolution));
  if (o.uploadForm) q.set('upload', o.uploadForm);
  return `${harnessPath()}?${q.toString()}`;
}

/** The document with the harness's script ahead of the first module script (the app's entry). */
export function withHarness(html: string, src: string): string {
  const tag = `<script type="module" src="${src}"></script>`;
  const at = html.indexOf('<script type="module"');
  return at >= 0 ? html.slice(0, at) + tag + html.slice(at) : html.replace('</head>', `${tag}</head>`);
}

export async function attachViewerHarness(target: BrowserContext | Page, o: HarnessOptions): Promise<void> {
  const src = harnessSrc(o);
  // Paths of the test server's pages (not the API, not files). A link out (the app promotion's store page, which a
  // tap on the last page can follow) is left to fail as it would offline: fetching it here threw out of the test.
  const pagePath = (u: URL) =>
    (u.hostname === '127.0.0.1' || u.hostname === 'localhost') && !u.pathname.startsWith('/api/') && !/\.\w+$/.test(u.pathname);
  await target.route(pagePath, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const res = await route.fetch();
    if (!(res.headers()['content-type'] ?? '').includes('text/html')) return route.fulfill({ response: res });
    await route.fulfill({ response: res, body: withHarness(await res.text(), src) });
  });
}
