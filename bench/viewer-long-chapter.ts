/**
 * The viewer on the demo catalog's 320-page chapter in Debian's Chromium
 * (SwiftShader WebGL here: no GPU on this machine), driven like a reader
 * paging through 80 pages with the keyboard.
 *
 * Figures: time to the first decoded page, frame intervals while paging
 * (rAF deltas: median, p95, longest), decoded pages alive and GPU textures
 * alive at the end, JS heap. Baseline in the same run: the same 80 pages
 * fetched, decrypted on the main thread and kept as <img> elements (what a
 * naive reader does). Judged on: pages kept alive and heap, ours / naive.
 *
 *   npm run build && npm run bench -- viewer
 */
import { launchBrowser, newContext, startServer } from '../tests/e2e/harness';
import { generateCatalog } from '../server/catalog/generate';
import { loadConfig } from '../server/config';

const PAGES = Number(process.env.BENCH_PAGES ?? 80);
const server = await startServer({ DATA_DIR: '.tmp/bench-data', PUSH_CHECK_SECONDS: '0' });
const chapterId = generateCatalog(loadConfig().catalogSeed, Math.floor(Date.now() / 1000)).notable.longChapterId;
const browser = await launchBrowser();
try {
  const ctx = await newContext(browser, 'desktop', server.url);
  const page = await ctx.newPage();
  const t0 = Date.now();
  await page.goto(`${server.url}/viewer/${chapterId}`);
  type Dbg = { position(): { index: number; count: number }; pageState(i: number): { status: string }; decoded(): number; renderer(): { liveTextures: number; maxLiveTextures: number; texturesCreated: number } };
  await page.waitForFunction(() => (window as unknown as { __viewerDebug?: Dbg }).__viewerDebug?.pageState(0).status === 'decoded', undefined, { timeout: 120_000 });
  const firstPageMs = Date.now() - t0;
  const count = await page.evaluate(() => (window as unknown as { __viewerDebug: Dbg }).__viewerDebug.position().count);

  // Frame intervals while paging.
  // A string: tsx would wrap named functions in a helper the page does not have.
  await page.evaluate(`(() => {
    window.__frames = [];
    let last = performance.now();
    function tick(now) { window.__frames.push(now - last); last = now; requestAnimationFrame(tick); }
    requestAnimationFrame(tick);
  })()`);
  for (let i = 0; i < PAGES; i++) {
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(1500);
  const ours = await page.evaluate(() => {
    const d = (window as unknown as { __viewerDebug: Dbg }).__viewerDebug;
    const f = (window as unknown as { __frames: number[] }).__frames.slice().sort((a, b) => a - b);
    return {
      index: d.position().index,
      decoded: d.decoded(),
      textures: d.renderer(),
      heap: (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
      frames: { n: f.length, p50: f[Math.floor(0.5 * f.length)] ?? 0, p95: f[Math.min(f.length - 1, Math.floor(0.95 * f.length))] ?? 0, max: f.at(-1) ?? 0 },
    };
  });
  const viewer = (await (await page.request.get(`${server.url}/api/manga_viewer?chapter_id=${chapterId}&split=yes&img_quality=high&format=json`)).json()) as {
    success: { mangaViewer: { pages: Array<{ mangaPage?: { imageUrl: string; encryptionKey: string } }> } };
  };
  const imgs = viewer.success.mangaViewer.pages.flatMap((p) => (p.mangaPage ? [p.mangaPage] : [])).slice(0, ours.index + 1);
  await ctx.close();

  // Baseline: a naive reader keeps every page it showed as a decoded <img>.
  const ctx2 = await newContext(browser, 'desktop', server.url);
  const naivePage = await ctx2.newPage();
  await naivePage.goto(`${server.url}/about_us`);
  const naive = await naivePage.evaluate(async (list) => {
    const t = performance.now();
    const before = document.images.length;
    let longest = 0;
    for (const p of list) {
      const buf = new Uint8Array(await (await fetch(p.imageUrl)).arrayBuffer());
      const s = performance.now();
      const key = p.encryptionKey.match(/../g)!.map((h) => parseInt(h, 16));
      for (let i = 0; i < buf.length; i++) buf[i]! ^= key[i % key.length]!;
      const img = new Image();
      img.src = URL.createObjectURL(new Blob([buf], { type: 'image/webp' }));
      await img.decode();
      document.body.appendChild(img);
      longest = Math.max(longest, performance.now() - s);
    }
    return { ms: performance.now() - t, longestMainThreadMs: longest, alive: document.images.length - before, heap: (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0 };
  }, imgs);
  await ctx2.close();

  const mb = (b: number) => (b / 1048576).toFixed(1);
  console.log(`viewer on chapter ${chapterId} (${count} pages), Chromium with SwiftShader (no GPU here)`);
  console.log(`first page decoded after ${firstPageMs} ms (navigation to decoded, worker fetch + XOR + createImageBitmap)`);
  console.log(`paged ${PAGES} times → page index ${ours.index}; frame intervals: ${ours.frames.n} frames, median ${ours.frames.p50.toFixed(1)} ms, p95 ${ours.frames.p95.toFixed(1)} ms, longest ${ours.frames.max.toFixed(1)} ms`);
  console.log(`ours: decoded pages alive ${ours.decoded}, GPU textures alive ${ours.textures.liveTextures} (max ${ours.textures.maxLiveTextures}, created ${ours.textures.texturesCreated}), JS heap ${mb(ours.heap)} MB`);
  console.log(`naive (${imgs.length} pages decoded on the main thread, kept as <img>): alive ${naive.alive}, longest main-thread decrypt+decode ${naive.longestMainThreadMs.toFixed(1)} ms, JS heap ${mb(naive.heap)} MB, ${naive.ms.toFixed(0)} ms in all`);
  console.log(`ratio pages alive ours/naive: ${(ours.decoded / Math.max(1, naive.alive)).toFixed(3)}; heap ours/naive: ${(ours.heap / Math.max(1, naive.heap)).toFixed(2)}`);
} finally {
  await browser.close();
  await server.stop();
}
