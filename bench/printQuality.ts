/**
 * Pages that look like print: demo pages with the most fine detail
 * (screentone, hatching) drawn smaller than their pixels in the real viewer
 * (horizontal, High resolution = super_high images, three window sizes),
 * the canvas read back and compared with a reference: the exact area
 * average of the decoded full-size page over each canvas pixel (the same
 * geometry as drawn, sub-pixel position included). PSNR and SSIM (luma,
 * bench/_imageMetrics.ts) for, in one run:
 *
 *  - ours: the decode worker sends the page shrunk to the size it is drawn at
 *    with an area filter (core/viewer/resample.ts);
 *  - linear: the full-size page, sampled by Pixi's default linear filter (what
 *    the viewer did before; the bench strips the target size from the worker's
 *    requests).
 *
 * Also, the filter alone against the same reference at the same size (no
 * drawing): the area filter's time, a cheaper two-step candidate (the
 * browser halves, the area filter does the rest), Chromium's createImageBitmap resize alone
 * (resizeQuality high, medium, low: the other candidate; an exact box at
 * halves and quarters, trilinear mipmaps between) and sharp's lanczos3, with
 * their times (node's and the browser's on this machine, under its load),
 * and what a re-request at a new zoom costs (the page from the HTTP cache).
 *
 * The page store's part (src/viewer/pageStore.ts): pool.request(url, key, cb,
 * { target: { width, height }, measureCrop: true }) with target = the whole
 * page's size in device px as shown (placement size x camera scale x
 * devicePixelRatio; with a crop, the uncropped image's size at that scale),
 * measureCrop while the page's crop is not known yet (onDone's crop). When
 * the zoom or the window changes, the size the page should have is
 * shrinkTarget(info.width, info.height, new target) (core/viewer/resample.ts;
 * info from onDone), or the full image when that is undefined: when it differs
 * from the bitmap's size by more than 5% (a zoom-in past a shrunk bitmap, a
 * zoom-out well below it), the same request again with the new target, the
 * old bitmap drawn until the new one arrives. The bytes come from the HTTP
 * cache (pages are immutable, cached a year; the last line below measures
 * it); the worker keeps no full-size bitmap (a 1440 x 2040 page is 11.7 MB
 * decoded: a cache's worth in each worker). When the app gives no target
 * yet, the bench gives the worker the drawn size itself (printed so).
 *
 *   npm run build && npm run bench -- printQuality
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { launchBrowser, startServer } from '../tests/e2e/harness';
import { attachViewerHarness } from '../tests/e2e/viewerHarness';
import { generateCatalog } from '../server/catalog/generate';
import { loadConfig } from '../server/config';
import { areaResample } from '../core/viewer/resample';
import { psnr, ssim, type Rgba } from './_imageMetrics';
import { areaReference, decrypt, detail, fromBase64, READ_REGION, type DrawnRect } from './_printQualityParts';

const PAGES = 3;
const WINDOWS = [
  { width: 1600, height: 1000 },
  { width: 1280, height: 720 },
  { width: 1024, height: 520 },
];
const server = await startServer({ DATA_DIR: process.env.BENCH_DATA_DIR ?? '.tmp/bench-data', PUSH_CHECK_SECONDS: '0' });
const chapterId = generateCatalog(loadConfig().catalogSeed, Math.floor(Date.now() / 1000)).notable.longChapterId;
const browser = await launchBrowser();

interface Source {
  item: number;
  url: string;
  full: Rgba;
  webp: Buffer;
}

/** The chapter's pages with the most fine detail among its first 16, decoded. */
async function chooseSources(): Promise<Source[]> {
  const q = `chapter_id=${chapterId}&split=yes&img_quality=super_high&viewer_mode=horizontal&format=json`;
  const api = (await (await fetch(`${server.url}/api/manga_viewer?${q}`)).json()) as {
    success: { mangaViewer: { pages: Array<{ mangaPage?: { imageUrl: string; encryptionKey: string } }> } };
  };
  const pages = api.success.mangaViewer.pages;
  const all: (Source & { score: number })[] = [];
  for (let item = 1; item < Math.min(pages.length, 17); item++) {
    const p = pages[item].mangaPage;
    if (!p) continue;
    const webp = decrypt(Buffer.from(await (await fetch(p.imageUrl)).arrayBuffer()), p.encryptionKey);
    const { data, info } = await sharp(webp).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const full = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
    all.push({ item, url: p.imageUrl, full, webp, score: detail(full) });
  }
  return all.sort((a, b) => b.score - a.score).slice(0, PAGES);
}

/** The worker's load requests as the app sends them ('linear': without a target; 'ours': with the drawn size). */
function workerHook(targets: Record<string, [number, number]> | null): string {
  return `(() => {
    const targets = ${JSON.stringify(targets)};
    window.__appTargets = 0;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (m, t) {
      if (m && m.type === 'load') {
        if (m.targetWidth) window.__appTargets++;
        if (!targets) { delete m.targetWidth; delete m.targetHeight; }
        else if (!m.targetWidth && targets[m.url]) { m.targetWidth = targets[m.url][0]; m.targetHeight = targets[m.url][1]; }
      }
      return post.call(this, m, t);
    };
  })()`;
}

const settled = (page: Page, item: number) =>
  page.evaluate<boolean>(
    `(() => { const d = window.__viewerDebug; return !!d && d.settled() && d.rects().some((r) => r.item === ${item} && r.image); })()`,
  );

/** Each source as drawn in the viewer in this window: its rect and the canvas pixels inside it. */
async function drawn(sources: Source[], win: { width: number; height: number }, targets: Record<string, [number, number]> | null) {
  const ctx = await browser.newContext({ viewport: win, locale: 'en-US' });
  await attachViewerHarness(ctx, { clocks: 'real' });
  await ctx.addInitScript(
    `localStorage.setItem('viewer_mode', 'horizontal'); localStorage.setItem('page_resolution', 'high'); ${workerHook(targets)}`,
  );
  const page = await ctx.newPage();
  await page.goto(`${server.url}/viewer/${chapterId}`);
  while (!(await page.evaluate('(window.__viewerDebug?.position().count ?? 0) > 0'))) await page.waitForTimeout(50);
  const out: { rect: DrawnRect; got: Rgba }[] = [];
  for (const s of sources) {
    await page.evaluate(`window.__viewerDebug.send({ type: 'page.goto', index: window.__viewerDebug.spreadOfItem(${s.item}) })`);
    while (!(await settled(page, s.item))) await page.waitForTimeout(50);
    // The texture is drawn in the frame after it is made.
    await page.waitForTimeout(300);
    const r = await page.evaluate<{ rect: DrawnRect; x0: number; y0: number; w: number; h: number; b64: string }>(
      `(${READ_REGION})(${s.item})`,
    );
    out.push({ rect: r.rect, got: { width: r.w, height: r.h, data: fromBase64(r.b64) } });
  }
  const appTargets = await page.evaluate<number>('window.__appTargets');
  await ctx.close();
  return { out, appTargets };
}

const f = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '∞');

try {
  const sources = await chooseSources();
  console.log(
    `chapter ${chapterId}, super_high pages ${sources.map((s) => `${s.item} (${s.full.width}x${s.full.height})`).join(', ')}: the ${PAGES} with the most fine detail of the first 16`,
  );
  const sum = { ours: [0, 0], linear: [0, 0], n: 0 };
  for (const win of WINDOWS) {
    const linear = await drawn(sources, win, null);
    const targets = Object.fromEntries(
      sources.map((s, k) => [s.url, [Math.round(linear.out[k].rect.w), Math.round(linear.out[k].rect.h)] as [number, number]]),
    );
    const ours = await drawn(sources, win, targets);
    console.log(
      `window ${win.width}x${win.height}${ours.appTargets ? '' : ' (the app sent no target sizes: the bench gave the worker the drawn size)'}`,
    );
    for (const [k, s] of sources.entries()) {
      const row = (name: string, d: { rect: DrawnRect; got: Rgba }) => {
        const ref = areaReference(s.full, d.rect, d.got.width, d.got.height);
        const m = [psnr(d.got, ref), ssim(d.got, ref)];
        return { name, m, rect: d.rect };
      };
      const a = row('ours', ours.out[k]);
      const b = row('linear', linear.out[k]);
      sum.ours[0] += a.m[0];
      sum.ours[1] += a.m[1];
      sum.linear[0] += b.m[0];
      sum.linear[1] += b.m[1];
      sum.n++;
      console.log(
        `  page ${s.item} drawn ${f(a.rect.w, 1)}x${f(a.rect.h, 1)} (x${f(a.rect.w / s.full.width, 3)}): ours PSNR ${f(a.m[0])} dB SSIM ${f(a.m[1], 4)}; linear PSNR ${f(b.m[0])} dB SSIM ${f(b.m[1], 4)}; ` +
          `ours - linear ${f(a.m[0] - b.m[0])} dB, (1 - SSIM) linear / ours ${f((1 - b.m[1]) / (1 - a.m[1]))}`,
      );
    }
  }
  const n = sum.n;
  console.log(
    `MEAN over ${n}: ours PSNR ${f(sum.ours[0] / n)} dB SSIM ${f(sum.ours[1] / n, 4)}; linear PSNR ${f(sum.linear[0] / n)} dB SSIM ${f(sum.linear[1] / n, 4)}; ` +
      `ours - linear ${f((sum.ours[0] - sum.linear[0]) / n)} dB (target: ours clearly better)`,
  );
  await filtersAlone(sources);
} finally {
  await browser.close();
  await server.stop();
}

/** Each candidate filter against the area reference at the same size, no drawing; and a zoom's re-request. */
async function filtersAlone(sources: Source[]): Promise<void> {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  // A page of the app's origin without routes (Playwright's routing would turn the HTTP cache off).
  await page.goto(`${server.url}/terms`);
  const s = sources[0];
  const b64 = s.webp.toString('base64');
  /** The page resized by createImageBitmap in the browser, its pixels and time. */
  const browserResize = async (w: number, h: number, q: string) => {
    const r = await page.evaluate<{ b64: string; ms: number }>(`(async () => {
      const bytes = Uint8Array.from(atob(${JSON.stringify(b64)}), (c) => c.charCodeAt(0));
      const full = await createImageBitmap(new Blob([bytes]));
      const t0 = performance.now();
      const bm = await createImageBitmap(full, { resizeWidth: ${w}, resizeHeight: ${h}, resizeQuality: '${q}' });
      const ms = performance.now() - t0;
      const c = new OffscreenCanvas(${w}, ${h}); const g = c.getContext('2d'); g.drawImage(bm, 0, 0);
      const d = g.getImageData(0, 0, ${w}, ${h}).data;
      let s = ''; for (let i = 0; i < d.length; i += 32768) s += String.fromCharCode.apply(null, d.subarray(i, i + 32768));
      return { b64: btoa(s), ms };
    })()`);
    return { img: { width: w, height: h, data: fromBase64(r.b64) }, ms: r.ms };
  };
  const metrics = (got: Rgba, ref: Rgba) => `PSNR ${f(psnr(got, ref))} dB SSIM ${f(ssim(got, ref), 4)}`;
  // Warm node's compiler before timing the area filter.
  areaResample(new Uint8ClampedArray(s.full.data), s.full.width, s.full.height, 300, 400);
  for (const scale of [0.5, 0.35, 0.25]) {
    const w = Math.round(s.full.width * scale);
    const h = Math.round(s.full.height * scale);
    const t0 = performance.now();
    const area = areaResample(new Uint8ClampedArray(s.full.data), s.full.width, s.full.height, w, h);
    const areaMs = performance.now() - t0;
    const ref = { width: w, height: h, data: area };
    const rows = [`area filter on the full page (node) ${f(areaMs, 0)} ms`];
    // A cheaper candidate: the browser halves (an exact 2 x 2 box) as far as the result stays larger, the area filter does the rest.
    let k = 1;
    while (s.full.width / (2 * k) >= w && s.full.height / (2 * k) >= h) k *= 2;
    const half = k > 1 ? { width: Math.round(s.full.width / k), height: Math.round(s.full.height / k) } : undefined;
    if (half) {
      const hb = await browserResize(half.width, half.height, 'medium');
      const t1 = performance.now();
      const rest =
        half.width === w && half.height === h
          ? hb.img
          : { width: w, height: h, data: areaResample(new Uint8ClampedArray(hb.img.data), half.width, half.height, w, h) };
      rows.push(
        `browser halves to ${half.width}x${half.height} (${f(hb.ms, 0)} ms), then area (${f(performance.now() - t1, 0)} ms): ${metrics(rest, ref)}`,
      );
    }
    for (const q of ['high', 'medium', 'low']) {
      const r = await browserResize(w, h, q);
      rows.push(`createImageBitmap ${q} ${f(r.ms, 0)} ms: ${metrics(r.img, ref)}`);
    }
    const t2 = performance.now();
    const lz = await sharp(Buffer.from(s.full.data), { raw: { width: s.full.width, height: s.full.height, channels: 4 } })
      .resize(w, h, { kernel: 'lanczos3', fit: 'fill' })
      .raw()
      .toBuffer();
    const lzMs = performance.now() - t2;
    rows.push(
      `sharp lanczos3 ${f(lzMs, 0)} ms: ${metrics({ width: w, height: h, data: new Uint8Array(lz.buffer, lz.byteOffset, lz.length) }, ref)}`,
    );
    console.log(`filter alone, page ${s.item} to ${w}x${h} (x${scale}), against the area filter: ${rows.join('; ')}`);
  }
  const zoom = await page.evaluate<{ first: number; again: number; fromCache: boolean }>(`(async () => {
    const url = ${JSON.stringify(s.url)};
    const t0 = performance.now(); await (await fetch(url)).arrayBuffer(); const first = performance.now() - t0;
    const t1 = performance.now(); await (await fetch(url)).arrayBuffer(); const again = performance.now() - t1;
    const e = performance.getEntriesByName(url);
    return { first, again, fromCache: e.length > 1 && e[e.length - 1].transferSize === 0 };
  })()`);
  console.log(
    `a zoom's re-request of page ${s.item}: first fetch ${f(zoom.first, 1)} ms, again ${f(zoom.again, 1)} ms (${zoom.fromCache ? 'from the HTTP cache' : 'NOT from the HTTP cache'})`,
  );
  await ctx.close();
}
