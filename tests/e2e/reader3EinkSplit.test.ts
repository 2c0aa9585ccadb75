import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE } from '../../core/storageKeys';
import { closeMenu, dbg, openSettings, poll, viewerBrowser, waitFor } from './viewerDriver';
import { sourceColor } from './viewerFixture';
import { drawn } from './viewerPixels';

/**
 * Issue 29's e-ink mode and split wide pages on the real viewer with a controlled chapter (flat-colour quadrants),
 * both turned on from the settings modal: e-ink paints white paper and black-on-white bars, flashes black on each
 * turn and is remembered; split wide pages shows a DOUBLE page on a phone as its halves in reading order.
 */
const SHOTS = '.tmp/screenshots/issue29/viewer';
const HORIZONTAL = { [STORAGE.viewerMode]: 'horizontal' };
const PHONE = { width: 390, height: 844 };
const TOLERANCE = 12;

const pixel = (page: Page, x: number, y: number) => dbg<number[]>(page, `d.samplePixel(${x}, ${y})`);
const near = (got: number[] | undefined, want: number[]) => !!got && want.every((c, k) => Math.abs(c - got[k]) <= TOLERANCE);
const check = (page: Page, name: RegExp) => page.getByRole('dialog').getByRole('checkbox', { name }).click();

describe('viewer: e-ink mode and split wide pages', () => {
  const { openViewer, closeViewer } = viewerBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });

  it('e-ink: white paper, black on white bars, gray pages, a black flash on each turn; remembered', async () => {
    const page = await openViewer({ fixture: { pages: ['S', 'S', 'S', 'S', 'S', 'last'] }, storage: HORIZONTAL });
    const [r] = await drawn(page, [0]);
    const beside = [Math.max(2, r.x - 8), r.y + r.h / 2] as const;
    expect(near(await pixel(page, ...beside), [0x11, 0x11, 0x11])).toBe(true);
    await openSettings(page);
    await check(page, /E-ink mode/);
    await closeMenu(page);
    await poll(async () => (near(await pixel(page, ...beside), [255, 255, 255]) ? 'white' : 'not yet')).toBe('white');
    // The page's colours go gray (an e-ink screen shows none).
    const source = sourceColor(0, 0.25, 0.25);
    expect(Math.max(...source) - Math.min(...source)).toBeGreaterThan(40);
    await poll(async () => {
      const got = await pixel(page, r.x + r.w * 0.25, r.y + r.h * 0.25);
      return got && Math.max(...got.slice(0, 3)) - Math.min(...got.slice(0, 3)) <= 4 ? 'gray' : `drew ${got?.join(',')}`;
    }).toBe('gray');
    const looks = await page.evaluate(() => {
      const frame = document.querySelector('.viewer__frame')!;
      const header = document.querySelector('.viewer__header')!;
      return {
        frame: getComputedStyle(frame).backgroundColor,
        header: getComputedStyle(header).color,
        bar: getComputedStyle(header).backgroundColor,
      };
    });
    expect(looks).toEqual({ frame: 'rgb(255, 255, 255)', header: 'rgb(0, 0, 0)', bar: 'rgb(255, 255, 255)' });
    await page.screenshot({ path: `${SHOTS}/desktop-eink.png` });

    // Each turn puts a new black flash over the stage, which clears itself.
    const flash = page.getByTestId('eink-flash');
    await flash.evaluate((el) => ((el as HTMLElement).dataset.seen = 'before'));
    await dbg(page, `d.send({ type: 'page.next' })`);
    await waitFor(page, `window.__viewerDebug.position().index === 1`);
    expect(await flash.getAttribute('data-seen')).toBe(null);
    expect(await flash.evaluate((el) => getComputedStyle(el).animationName)).toBe('eink-flash');
    await poll(() => flash.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');

    // Remembered with the display settings.
    await page.reload();
    await waitFor(page, `(window.__viewerDebug?.position().count ?? 0) > 0`);
    await page.locator('.viewer__frame--eink').waitFor();
    await openSettings(page);
    expect(
      await page
        .getByRole('dialog')
        .getByRole('checkbox', { name: /E-ink mode/ })
        .isChecked(),
    ).toBe(true);
    await closeViewer(page);
  });

  for (const rtl of [false, true]) {
    it(`split wide pages on a phone: the DOUBLE page as two turns, ${rtl ? 'right half first (right to left)' : 'left half first'}`, async () => {
      const page = await openViewer({ fixture: { pages: ['S', 'D', 'S', 'last'], rtl }, storage: HORIZONTAL, viewport: PHONE });
      await drawn(page, [0]);
      const count = () => dbg<number>(page, 'd.position().count');
      expect(await count()).toBe(4);
      await openSettings(page);
      await check(page, /Split wide pages/);
      await closeMenu(page);
      await poll(count).toBe(5);
      const halves: number[][] = [];
      for (const index of [1, 2]) {
        await dbg(page, `d.send({ type: 'page.goto', index: ${index} })`);
        await waitFor(page, `window.__viewerDebug.position().index === ${index}`);
        await drawn(page, [1]);
        const rect = (await dbg<{ item: number; x: number; y: number; w: number; h: number }[]>(page, 'd.rects()')).find(
          (x) => x.item === 1,
        )!;
        // The page is two screens wide: one half on screen.
        expect(Math.round(rect.w)).toBe(2 * PHONE.width);
        halves.push(await pixel(page, PHONE.width / 2, rect.y + rect.h * 0.25));
        await page.screenshot({ path: `${SHOTS}/phone-split-${rtl ? 'rtl' : 'ltr'}-${index}.png` });
      }
      const [first, second] = rtl ? [0.75, 0.25] : [0.25, 0.75];
      expect(near(halves[0], sourceColor(1, first, 0.25)), `${halves[0].join()} vs ${sourceColor(1, first, 0.25).join()}`).toBe(true);
      expect(near(halves[1], sourceColor(1, second, 0.25)), `${halves[1].join()} vs ${sourceColor(1, second, 0.25).join()}`).toBe(true);
      await closeViewer(page);
    });
  }
});
