/**
 * Page decryption speed: the viewer's XOR (src/viewer/xor.ts) in a worker
 * like its decode workers (the test harness's, src/viewer/testing/
 * xorBench.worker.ts), in Debian's Chromium, against a plain TypedArray.set
 * copy of the same bytes in the same worker (target: XOR throughput at least
 * 0.25 of the copy's). 8 MiB × 20 rounds, best of 5.
 *
 *   npm run build && npm run bench -- decrypt
 */
import { launchBrowser, startServer } from '../tests/e2e/harness';
import { generateCatalog } from '../server/catalog/generate';
import { loadConfig } from '../server/config';
import { attachViewerHarness } from '../tests/e2e/viewerHarness';

const server = await startServer({ DATA_DIR: '.tmp/bench-data', PUSH_CHECK_SECONDS: '0' });
const chapterId = generateCatalog(loadConfig().catalogSeed, Math.floor(Date.now() / 1000)).notable.longChapterId;
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await attachViewerHarness(page, { clocks: 'real', pixels: false });
  await page.goto(`${server.url}/viewer/${chapterId}`);
  for (let i = 0; i < 600 && !(await page.evaluate('!!window.__viewerDebug')); i++) await new Promise((r) => setTimeout(r, 50));
  const SIZE = 8 << 20;
  const ROUNDS = 20;
  const key = '5f3a9c0d1e2b4c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5';
  let best = { xorMs: Infinity, copyMs: Infinity, bytes: 0 };
  for (let r = 0; r < 5; r++) {
    const x = await page.evaluate<typeof best>(`window.__viewerDebug.xorBench(${SIZE}, ${ROUNDS}, '${key}')`);
    if (x.xorMs < best.xorMs) best = { ...best, xorMs: x.xorMs, bytes: x.bytes };
    best.copyMs = Math.min(best.copyMs, x.copyMs);
  }
  const mbs = (ms: number) => best.bytes / 1048576 / (ms / 1000);
  console.log(
    `XOR in a worker: ${mbs(best.xorMs).toFixed(0)} MB/s; TypedArray.set copy of the same bytes: ${mbs(best.copyMs).toFixed(0)} MB/s (${(best.bytes / 1048576).toFixed(0)} MiB per run, best of 5)`,
  );
  console.log(`ratio XOR/copy throughput: ${(best.copyMs / best.xorMs).toFixed(3)} (target ≥ 0.25)`);
} finally {
  await browser.close();
  await server.stop();
}
