/**
 * What a first visit to /updates downloads: every JavaScript file the page
 * requests in Chromium, gzip-compressed size (level 9) measured here, and
 * whether the viewer or PixiJS came along (they must load only on /viewer).
 * Baseline in the same run: the JavaScript a first visit to /viewer/<id>
 * loads, and the publisher's console (/console, its own entry: none of its
 * code may reach the reader's pages). Target: under 170 KB gzip for /updates.
 *
 *   npm run build && npm run bench -- bundle
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser, newContext, startServer } from '../tests/e2e/harness';

const server = await startServer({ DATA_DIR: '.tmp/bench-data', PUSH_CHECK_SECONDS: '0' });
const browser = await launchBrowser();
const webDir = path.resolve(process.env.WEB_DIR ?? 'dist');

async function scripts(url: string): Promise<string[]> {
  const ctx = await newContext(browser, 'desktop', server.url);
  const page = await ctx.newPage();
  const js: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.endsWith('.js')) js.push(u.pathname);
  });
  await page.goto(server.url + url, { waitUntil: 'networkidle' });
  await ctx.close();
  return [...new Set(js)];
}

const gz = (files: string[]) => files.reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(path.join(webDir, f)), { level: 9 }).length, 0);
try {
  const home = await scripts('/updates');
  const detail = (await (await fetch(`${server.url}/api/title_detailV3?format=json&title_id=100001`)).json()) as {
    success: { titleDetailView: { chapterListGroup: Array<{ firstChapterList: Array<{ chapterId: number }> }> } };
  };
  const viewer = await scripts(`/viewer/${detail.success.titleDetailView.chapterListGroup[0].firstChapterList[0].chapterId}`);
  const consolePage = await scripts('/console');
  const homeKb = gz(home) / 1024;
  const viewerKb = gz(viewer) / 1024;
  const consoleKb = gz(consolePage) / 1024;
  // The console's own files (its entry and the chunks only it loads) must not appear on the reader's pages.
  const consoleOnly = consolePage.filter((f) => !home.includes(f) && !viewer.includes(f));
  const leaked = [...home, ...viewer].filter((f) => /console/i.test(f));
  // (The "viewer" i18n catalog is a tiny chunk of strings; the viewer code and Pixi are not.)
  const heavy = home.filter((f) => /Viewer|pixi|Renderer|Geometry|WebGL|WebGPU/i.test(f) && gz([f]) > 4096);
  console.log(`/updates loads ${home.length} JavaScript files: ${homeKb.toFixed(1)} KB gzip (target < 170 KB)`);
  console.log(`viewer or PixiJS chunks on /updates: ${heavy.length ? heavy.join(', ') : 'none'}`);
  console.log(`/viewer loads ${viewer.length} JavaScript files: ${viewerKb.toFixed(1)} KB gzip`);
  console.log(
    `/console loads ${consolePage.length} JavaScript files: ${consoleKb.toFixed(1)} KB gzip (${consoleOnly.length} of them its own)`,
  );
  console.log(`console chunks on /updates or /viewer: ${leaked.length ? leaked.join(', ') : 'none'}`);
  console.log('');
  console.log('page       files   KB gzip');
  for (const [name, files, kb] of [
    ['/updates', home, homeKb],
    ['/viewer', viewer, viewerKb],
    ['/console', consolePage, consoleKb],
  ] as const)
    console.log(`${name.padEnd(10)} ${String(files.length).padStart(5)}   ${kb.toFixed(1).padStart(7)}`);
  console.log(`ratio /updates to /viewer: ${(homeKb / viewerKb).toFixed(2)}`);
} finally {
  await browser.close();
  await server.stop();
}
