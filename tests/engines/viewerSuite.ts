/**
 * The viewer in one engine, proven by pixels (pixels.ts: the stage compared
 * with the decrypted page at the size drawn), on the demo catalog's real
 * chapters: vertical and horizontal mode, a desktop window (1440 x 900) and
 * a phone (390 x 844 at two device px a CSS px), pages drawn in tiles
 * (larger than one upload, pageImage.ts), paging by keys and by drag, a
 * change of page resolution, spreads, a wide page split, the last page; the
 * page thumbnails of the 320-page chapter (viewerThumbs.ts). Run
 * by one small file per engine (viewer.<engine>.test.ts), so the e2e
 * workers run engines side by side.
 */
import { describe, expect, it } from 'vitest';
import { PageType } from '../../core/gen/manga/v1/viewer_pb';
import { STORAGE } from '../../core/storageKeys';
import { generateCatalog } from '../../server/catalog/generate';
import { loadConfig } from '../../server/config';
import { until, type EngineName, type EnginePage } from './drivers';
import { DESKTOP, engineBrowser, PHONE } from './engineBrowser';
import type { DrawnRect } from '../../src/viewer/session/environment';
import { dbg, expectLikePage, settled } from './pixels';
import { thumbsCases } from './viewerThumbs';

const now = Math.floor(Date.now() / 1000);
const catalog = generateCatalog(loadConfig().catalogSeed, now);
const notable = catalog.notable;
/** A readable chapter read sideways with a wide (DOUBLE) page past its first few, and that page's index. */
const wide = (() => {
  const readable = new Set(
    catalog.chapters.filter((c) => c.start_ts <= now && (!c.end_ts || c.end_ts > now) && !c.is_vertical_only).map((c) => c.id),
  );
  const p = catalog.pages.find((x) => Number(x.type) === Number(PageType.DOUBLE) && x.idx >= 2 && readable.has(x.chapter_id))!;
  return { chapterId: p.chapter_id, index: p.idx };
})();

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

/** A real click at the centre of the first element matching `selector` once it is on screen and still (the engine's own input, not a script's click()). */
export async function clickOn(page: EnginePage, selector: string): Promise<void> {
  const rect = `(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (!e) return null; const r = e.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth ? [r.x + r.width / 2, r.y + r.height / 2] : null; })()`;
  await until(page, `document.querySelector(${JSON.stringify(selector)})`, selector);
  await page.eval(`(document.querySelector(${JSON.stringify(selector)}).scrollIntoView({ block: 'center', behavior: 'instant' }), true)`);
  let last = '';
  for (let k = 0; ; k++) {
    const at = await page.eval<[number, number] | null>(rect);
    // The same place twice, 100 ms apart: a bar sliding in has stopped.
    if (at && JSON.stringify(at) === last) return page.click(at[0], at[1]);
    last = at ? JSON.stringify(at) : '';
    if (k > 600) throw new Error(`${page.engine}: ${selector} never came to rest on screen`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One choice in the settings dialog (`selector` within it, or the label saying `label`), the navigation bar
 * brought up first by a tap on the stage's middle when hidden, and put away after.
 */
async function setSetting(page: EnginePage, choice: { selector: string } | { label: string }): Promise<void> {
  if ((await dbg<{ nav: string }>(page, 'd.state()'))?.nav === 'hidden') {
    const [vw, vh] = await page.eval<[number, number]>('[innerWidth, innerHeight]');
    await page.click(vw / 2, vh / 2);
  }
  await clickOn(page, '[data-testid=viewer-settings-button]');
  if ('selector' in choice) await clickOn(page, choice.selector);
  else {
    // Marked so clickOn can find it (labels have no test ids).
    await until(
      page,
      `(() => { const l = [...document.querySelectorAll('[role=dialog] label')].find((x) => x.textContent.includes(${JSON.stringify(choice.label)})); if (l) l.setAttribute('data-engine-test', 'choice'); return !!l; })()`,
      choice.label,
    );
    await clickOn(page, '[data-engine-test=choice]');
  }
  await page.press('Escape');
  await until(page, '!document.querySelector("[role=dialog]")', 'the settings dialog closed');
  // The bars stay up after a dialog (no timer hides them): a tap on the stage's middle puts them away.
  const [vw, vh] = await page.eval<[number, number]>('[innerWidth, innerHeight]');
  await page.click(vw / 2, vh / 2);
  await until(page, 'window.__viewerDebug.state().nav === "hidden"', 'the bars hidden');
}

/** Presses `key` until `done` holds of the viewer's debug `d` once the camera rests, at most `max` presses (a key pans a page taller than the window before it turns). */
async function pageUntil(page: EnginePage, key: string, done: string, max: number): Promise<void> {
  for (let k = 0; k < max; k++) {
    await until(page, 'window.__viewerDebug.settled()', 'the camera at rest');
    if (await dbg<boolean>(page, done)) return;
    await page.press(key);
  }
  expect(await dbg<boolean>(page, done), `${page.engine}: ${done} within ${max} presses of ${key}`).toBe(true);
}

export function viewerSuite(name: EngineName): void {
  describe(`${name}: the viewer draws every page right`, () => {
    const b = engineBrowser(name);

    it('vertical, desktop: the first page, tiled; paged by keys and by a drag; another resolution', async () => {
      const page = await b.open(`/viewer/${notable.longChapterId}`, DESKTOP, { [STORAGE.viewerMode]: 'vertical' });
      await until(page, 'window.__viewerDebug && window.__viewerDebug.position().count > 0', 'the chapter laid out');
      expect((await dbg<Position>(page, 'd.position()')).mode).toBe('vertical');
      await expectShownLikePages(page, b.proxy.url, 'first page', [0]);
      // The first page downloaded once in every engine: its plain image, from the page's preload (the
      // drawing ahead's <img> took it), and the encrypted page not at all (the viewer took the drawing's bitmap).
      const first = new URL(await dbg<string>(page, 'd.pageSource(0).url')).pathname;
      const hits = (path: string) => b.proxy.counts.get(path) ?? 0;
      expect(hits(first.replace('/img/page/', '/api/manga_viewer_v3/page/')), `${name}: the first page's plain image downloaded once`).toBe(
        1,
      );
      expect(hits(first), `${name}: the first page's encrypted image not downloaded`).toBe(0);
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
      // Chromium uploads a worker's cropped bitmaps right, so the probe must pick them there (a probe that
      // failed everywhere would pass every pixel check above and cost every engine the read-back).
      const form = await dbg<string>(page, 'd.uploadForm()');
      console.log(`${name}: tiles uploaded as ${form}`);
      if (name === 'chromium') expect(form).toBe('bitmap');
      // Another resolution: every page decoded again at the new size and drawn from the new image.
      const firstUrl = await dbg<string>(page, `d.pageSource(${before}).url`);
      await setSetting(page, { selector: '[data-testid=viewer-resolution] input[value=low]' });
      await until(page, `window.__viewerDebug.pageSource(${before}).url !== ${JSON.stringify(firstUrl)}`, 'the low-resolution pages');
      await expectShownLikePages(page, b.proxy.url, 'at low resolution');
      await b.shot(page, 'viewer-vertical-desktop-low');
      await page.close();
    });

    it('horizontal, desktop: a right-to-left book in spreads, both pages of each drawn; the wide page split; the last page', async () => {
      const page = await b.open(`/viewer/${notable.rtlChapterId}`, DESKTOP, { [STORAGE.viewerMode]: 'horizontal' });
      await until(page, 'window.__viewerDebug && window.__viewerDebug.position().count > 0', 'the chapter laid out');
      await expectShownLikePages(page, b.proxy.url, 'rtl first spread');
      // Left is next in a right-to-left book; on to the first spread of two pages.
      const pair = `d.rects().filter((r) => d.pageSource(r.item) && r.x >= -1 && r.x + r.w <= innerWidth + 1 && r.w < innerWidth * 0.6).length === 2`;
      await pageUntil(page, 'ArrowLeft', pair, 6);
      const two = await expectShownLikePages(page, b.proxy.url, 'a spread');
      expect(two.length, `${name}: both pages of the spread`).toBe(2);
      await b.shot(page, 'viewer-spread-desktop');
      await page.press('End');
      await until(page, 'window.__viewerDebug.position().index === window.__viewerDebug.position().count - 1', 'the last page');
      await until(
        page,
        `(() => { const e = document.querySelector('[data-testid=viewer-last-page]'); const r = e && e.getBoundingClientRect(); return r && r.width > 0 && r.left < innerWidth && r.right > 0; })()`,
        'the last page card on screen',
      );
      await b.shot(page, 'viewer-last-page-desktop');
      await page.close();

      // A phone held upright with split wide pages, resuming a page before a wide one: read one half at a time.
      const phone = await b.open(`/viewer/${wide.chapterId}`, PHONE, {
        [STORAGE.viewerMode]: 'horizontal',
        [STORAGE.resumePositions]: JSON.stringify({ [wide.chapterId]: wide.index - 1 }),
      });
      await until(phone, 'window.__viewerDebug && window.__viewerDebug.position().count > 0', 'the chapter laid out');
      await setSetting(phone, { label: 'Split wide pages' });
      const onWide = `d.rects().some((x) => x.w > innerWidth * 1.5 && x.x < innerWidth && x.x + x.w > 0)`;
      const next = (await dbg<{ rtl: boolean }>(phone, 'd.geometry()'))?.rtl ? 'ArrowLeft' : 'ArrowRight';
      await pageUntil(phone, next, onWide, 8);
      await expectShownLikePages(phone, b.proxy.url, 'a half of the split wide page');
      await b.shot(phone, 'viewer-split-wide-phone');
      await phone.press(next);
      await expectShownLikePages(phone, b.proxy.url, 'the other half');
      await phone.close();
    });

    thumbsCases(b, name, notable.longChapterId);

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
