import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { viewerBrowser, viewerItemsShown } from './viewerBrowser';

/**
 * Dragging in vertical mode scrolls, with the mouse as with a finger (issue
 * 15, item 20), on the demo catalog's /viewer/1000013: on a desktop without
 * touch, on a touch-capable desktop (where the mouse did nothing: the
 * gestures listened to touch events only), and with a finger on a phone.
 * The scroll position is the paging machine's (window.__viewerDebug).
 */
const CHAPTER = 1000013;

describe('viewer: vertical mode scrolls by dragging', () => {
  const vb = viewerBrowser();

  const scrollY = (page: Page) => page.evaluate(() => window.__viewerDebug?.position().scrollY ?? -1);

  async function open(o: { hasTouch?: boolean; phone?: boolean }): Promise<Page> {
    const { page } = await vb.open({ window: o.phone ? 'phone' : 'wide', hasTouch: o.hasTouch });
    await page.goto(`/viewer/${CHAPTER}`);
    await viewerItemsShown(page);
    expect(await page.evaluate(() => window.__viewerDebug?.position().mode)).toBe('vertical');
    return page;
  }

  for (const hasTouch of [false, true]) {
    it(`mouse down, move up 300 px, up: the chapter scrolls 300 px (desktop${hasTouch ? ' with a touch screen' : ''})`, async () => {
      const page = await open({ hasTouch });
      expect(await scrollY(page)).toBe(0);
      await page.mouse.move(720, 650);
      await page.mouse.down();
      await page.mouse.move(720, 350, { steps: 15 });
      // While the button is held the chapter follows the pointer.
      expect(await scrollY(page)).toBeCloseTo(300, -1);
      await page.mouse.up();
      expect(await scrollY(page)).toBeGreaterThanOrEqual(290);
      // And back down.
      await page.mouse.move(720, 300);
      await page.mouse.down();
      await page.mouse.move(720, 500, { steps: 10 });
      await page.mouse.up();
      expect(await scrollY(page)).toBeLessThan(150);
      await page.context().close();
    });
  }

  it('a finger swipe up scrolls too (phone)', async () => {
    const page = await open({ phone: true });
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: y === undefined ? [] : [{ x: 195, y }] });
    await touch('touchStart', 600);
    for (let y = 580; y >= 300; y -= 20) await touch('touchMove', y);
    await touch('touchEnd');
    expect(await scrollY(page)).toBeGreaterThan(200);
    await page.context().close();
  });
});
