import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE } from '../../core/storageKeys';
import { applyColorMatrix, colorMatrix } from '../../core/viewer/colorFilter';
import { DEFAULT_FILTER, type ColorFilter } from '../../core/viewer/readerSettings';
import { closeMenu, dbg, openSettings, poll, viewerBrowser, waitFor } from './viewerDriver';
import { installFixture, sourceColor } from './viewerFixture';
import { drawn, expectQuadrants, type DrawnRect } from './viewerPixels';

/**
 * The reader settings on the real viewer with a controlled chapter (flat-colour quadrants): each
 * colour filter set in the settings modal changes the drawn page as its matrix says (read back
 * from the canvas), without reloading the chapter; settings survive a reload (stored), the
 * colour filter and spread offset are the title's own while display settings are the visitor's;
 * the O key moves the spread pairing, each page then drawn on its new side.
 */
const PAGES = ['S', 'S', 'S', 'S', 'S', 'S', 'last'] as const;
const HORIZONTAL = { [STORAGE.viewerMode]: 'horizontal' };
const TOLERANCE = 10;

const pixel = (page: Page, x: number, y: number) => dbg<number[]>(page, `d.samplePixel(${x}, ${y})`);
const near = (got: number[], want: number[]) => want.every((c, k) => Math.abs(c - got[k]) <= TOLERANCE);

/** Page 0's top-left quadrant, drawn through the filter `f`. */
async function expectFiltered(page: Page, r: DrawnRect, f: ColorFilter) {
  const want = applyColorMatrix(colorMatrix(f), sourceColor(r.item, 0.25, 0.25));
  await poll(async () => {
    const got = await pixel(page, r.x + r.w * 0.25, r.y + r.h * 0.25);
    return near(got, want) ? 'drawn' : `drew ${got.join(',')}, want ${want.join(',')}`;
  }).toBe('drawn');
  return pixel(page, r.x + r.w * 0.25, r.y + r.h * 0.25);
}

const dialog = (page: Page) => page.getByRole('dialog');
const check = (page: Page, name: string | RegExp) => dialog(page).getByRole('checkbox', { name }).click();

describe('viewer: reader settings', () => {
  const { openViewer, closeViewer, of } = viewerBrowser();

  it('each colour filter from the settings modal changes the drawn page as its matrix says; the page images stay', async () => {
    const page = await openViewer({ fixture: { pages: [...PAGES] }, storage: HORIZONTAL });
    const [r] = await drawn(page, [0]);
    const source = sourceColor(0, 0.25, 0.25);
    expect(near(await pixel(page, r.x + r.w * 0.25, r.y + r.h * 0.25), source)).toBe(true);
    // Pages decoded ahead at full size are asked for again at the size drawn; then the decoders rest.
    await waitFor(page, 'window.__viewerDebug.pool().running === 0 && window.__viewerDebug.pool().queued === 0');
    const hits = of(page).fx.imageHits.length;
    await openSettings(page);

    await check(page, 'Invert colours');
    const inverted = await expectFiltered(page, r, { ...DEFAULT_FILTER, invert: true });
    expect(
      near(
        inverted,
        source.map((v) => 255 - v),
      ),
    ).toBe(true);
    await dialog(page).getByRole('button', { name: 'Reset colours' }).click();
    await expectFiltered(page, r, DEFAULT_FILTER);

    await check(page, 'Grayscale');
    const [gr, gg, gb] = await expectFiltered(page, r, { ...DEFAULT_FILTER, grayscale: true });
    expect(Math.max(gr, gg, gb) - Math.min(gr, gg, gb)).toBeLessThanOrEqual(4);
    await check(page, 'Grayscale');

    await check(page, 'Sepia');
    const [sr, sg, sb] = await expectFiltered(page, r, { ...DEFAULT_FILTER, sepia: true });
    expect(sr).toBeGreaterThan(sg);
    expect(sg).toBeGreaterThan(sb);
    await check(page, 'Sepia');

    await dialog(page).getByRole('slider', { name: 'Brightness' }).fill('50');
    const dark = await expectFiltered(page, r, { ...DEFAULT_FILTER, brightness: 50 });
    for (const k of [0, 1, 2]) expect(dark[k]).toBeLessThan(source[k] * 0.6 + TOLERANCE);
    await dialog(page).getByRole('slider', { name: 'Contrast' }).fill('150');
    await expectFiltered(page, r, { ...DEFAULT_FILTER, brightness: 50, contrast: 150 });

    // The keyboard works the sliders too.
    await dialog(page).getByRole('slider', { name: 'Brightness' }).focus();
    await page.keyboard.press('ArrowRight');
    await expectFiltered(page, r, { ...DEFAULT_FILTER, brightness: 55, contrast: 150 });

    // Applied without reloading: no page image fetched again, the chapter not asked for again.
    expect(of(page).fx.imageHits.length).toBe(hits);
    expect(of(page).fx.viewerQueries.length).toBe(1);
    await closeViewer(page);
  });

  it('survive a reload; the colour filter and spread offset are the title’s, the display settings the visitor’s', async () => {
    const page = await openViewer({ fixture: { pages: [...PAGES], titleId: 501 }, storage: HORIZONTAL });
    expect(await dbg(page, 'd.spreadOfItem(1)')).toBe(1);
    await openSettings(page);
    await check(page, 'Invert colours');
    await check(page, 'First page alone (cover)');
    await check(page, /Shift spreads by one page/);
    await closeMenu(page);
    // Pairs from the first page, shifted by one: [0], [1, 2], …
    expect(await dbg(page, '[0, 1, 2].map((i) => d.spreadOfItem(i))')).toEqual([0, 1, 1]);
    const [r] = await drawn(page, [0]);
    await expectFiltered(page, r, { ...DEFAULT_FILTER, invert: true });

    // Another title in the same browser: the visitor's display settings, not the first title's.
    await installFixture(page, { pages: [...PAGES], chapterId: 9002, titleId: 502 });
    await page.goto('/viewer/9002');
    await poll(() => dbg<number>(page, 'd.position().count')).toBeGreaterThan(0);
    expect(await dbg(page, '[0, 1, 2].map((i) => d.spreadOfItem(i))')).toEqual([0, 0, 1]);
    const [r2] = await drawn(page, [0]);
    await expectFiltered(page, r2, DEFAULT_FILTER);
    await openSettings(page);
    expect(await dialog(page).getByRole('checkbox', { name: 'Invert colours' }).isChecked()).toBe(false);
    expect(await dialog(page).getByRole('checkbox', { name: 'First page alone (cover)' }).isChecked()).toBe(false);
    await closeMenu(page);

    // Back to the first title, loaded again: its own settings, from storage.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto('/viewer/9001');
    await poll(() => dbg<number>(page, 'd.position().count')).toBeGreaterThan(0);
    expect(await dbg(page, '[0, 1, 2].map((i) => d.spreadOfItem(i))')).toEqual([0, 1, 1]);
    const [r3] = await drawn(page, [0]);
    await expectFiltered(page, r3, { ...DEFAULT_FILTER, invert: true });
    const stored = await page.evaluate(
      (k) => JSON.parse(localStorage.getItem(k) ?? '{}') as Record<string, unknown>,
      STORAGE.titleSettings,
    );
    expect(Object.keys(stored)).toEqual(['501']);
    await closeViewer(page);
  });

  it('layout settings from the modal lay the chapter out again without reloading it: the column width, then fit width', async () => {
    const page = await openViewer({ fixture: { pages: [...PAGES] }, storage: { [STORAGE.viewerMode]: 'vertical' } });
    const [before] = await drawn(page, [0]);
    await openSettings(page);
    // A wide window (1280 x 800): the landscape column.
    await page.getByTestId('viewer-column-landscape').getByRole('slider', { name: 'Largest page width' }).fill('600');
    await poll(async () => (await drawn(page, [0]))[0].w).toBeCloseTo(600, 0);
    const [p0] = await drawn(page, [0]);
    expect(p0.x).toBeCloseTo((1280 - 600) / 2, 0);
    expect(p0.w).toBeLessThan(before.w);
    await expectQuadrants(page, p0);
    // Horizontal, fit width: a page as wide as the window.
    await dialog(page).getByRole('radio', { name: 'Horizontal' }).click();
    await dialog(page).getByRole('radio', { name: 'Fit width' }).click();
    await closeMenu(page);
    await poll(async () => (await drawn(page, [0]))[0].w).toBeCloseTo(1280, 0);
    expect(of(page).fx.viewerQueries.length).toBe(1);
    await closeViewer(page);
  });

  it('the O key shifts the spread pairing, the reader stays on the first page of its spread, each page drawn on its new side', async () => {
    const page = await openViewer({ fixture: { pages: [...PAGES] }, storage: HORIZONTAL });
    // First page alone: [0], [1, 2], [3, 4], [5].
    await dbg(page, `d.send({ type: 'page.goto', index: 2 })`);
    const [three, four] = await drawn(page, [3, 4]);
    expect(three.x + three.w).toBeLessThanOrEqual(four.x + 1);
    await page.keyboard.press('o');
    // Shifted: [0], [1], [2, 3], [4, 5]; page 3 now on the right of page 2.
    await poll(() => dbg(page, '[1, 2, 3, 4].map((i) => d.spreadOfItem(i))')).toEqual([1, 2, 2, 3]);
    expect(await dbg(page, 'd.position().index')).toBe(2);
    const [two, threeNow] = await drawn(page, [2, 3]);
    expect(two.x + two.w).toBeLessThanOrEqual(threeNow.x + 1);
    for (const r of [two, threeNow]) await expectQuadrants(page, r);
    // Again: pairs as they were; the reader on the spread of page 2 (the first of the spread it was on), now [1, 2].
    await page.keyboard.press('o');
    await poll(() => dbg(page, 'd.spreadOfItem(4)')).toBe(2);
    expect(await dbg(page, 'd.position().index')).toBe(1);
    const [one, twoNow] = await drawn(page, [1, 2]);
    expect(one.x + one.w).toBeLessThanOrEqual(twoNow.x + 1);
    for (const r of [one, twoNow]) await expectQuadrants(page, r);
    await closeViewer(page);
  });
});
