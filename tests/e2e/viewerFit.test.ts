import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ReaderSettings } from '../../core/viewer/readerSettings';
import { STORAGE } from '../../core/storageKeys';
import { dbg, viewerBrowser, waitFor } from './viewerDriver';
import { drawn, expectEdges, type DrawnRect } from './viewerPixels';

/**
 * Fit modes and the vertical column, drawn: the reader settings given through
 * the harness, a controlled chapter (flat-colour quadrant pages: 480 x 672,
 * the DOUBLE 960 x 672), and the canvas read back just inside and just
 * outside each page's edges. Pages larger than the window are read by keys
 * (90% of the window a press, then the next page) and by mouse drags (the
 * page pans first and turns past its edge).
 */
const PAGES = ['S', 'S', 'S', 'D', 'S', 'last'] as const;
const VIEW = { width: 1000, height: 800 };
const close = (a: number, b: number) => Math.abs(a - b) < 1.5;

describe('viewer: fit modes and the vertical column', () => {
  const { openViewer, closeViewer } = viewerBrowser();

  const open = (settings: Partial<ReaderSettings>, o: { viewport?: typeof VIEW; mode?: 'horizontal' | 'vertical' } = {}) =>
    openViewer({
      fixture: { pages: [...PAGES] },
      storage: { [STORAGE.viewerMode]: o.mode ?? 'horizontal' },
      viewport: o.viewport ?? VIEW,
      harness: { settings },
    });

  const at = (page: Page) => dbg<number>(page, 'd.position().index');
  const key = async (page: Page, k: string, items: number[]) => {
    await page.keyboard.press(k);
    return drawn(page, items);
  };
  const expectRect = (r: DrawnRect, want: Omit<DrawnRect, 'item' | 'image'>) =>
    expect(
      [r.x, r.y, r.w, r.h].every((v, k) => close(v, [want.x, want.y, want.w, want.h][k])),
      JSON.stringify({ r, want }),
    ).toBe(true);

  it('screen: each spread whole in the window, centred', async () => {
    const page = await open({ fit: 'screen' });
    const [p0] = await drawn(page, [0]);
    expectRect(p0, { x: (1000 - 480 * (800 / 672)) / 2, y: 0, w: 480 * (800 / 672), h: 800 });
    const seen = await expectEdges(page, p0, VIEW);
    expect(seen.outside).toBeGreaterThan(0);
    await closeViewer(page);
  });

  it('width: a page as wide as the window, read down by keys and drags, then the next', async () => {
    const view = { width: 1000, height: 500 };
    const page = await open({ fit: 'width' }, { viewport: view });
    let [p0] = await drawn(page, [0]);
    const h = (1000 * 672) / 480;
    expectRect(p0, { x: 0, y: 0, w: 1000, h });
    // Its bottom edge is below the window: only the top and sides show.
    await expectEdges(page, p0, view);
    [p0] = await key(page, 'ArrowRight', [0]);
    expect(await at(page)).toBe(0);
    expect(p0.y).toBeCloseTo(-450, 0);
    [p0] = await key(page, 'ArrowRight', [0]);
    expectRect(p0, { x: 0, y: 500 - h, w: 1000, h });
    await expectEdges(page, p0, view);
    // At its end the next key turns the page; the previous one opens page 1 at its end again.
    await key(page, 'ArrowRight', [1, 2]);
    expect(await at(page)).toBe(1);
    [p0] = await key(page, 'ArrowLeft', [0]);
    expect(p0.y).toBeCloseTo(500 - h, 0);
    // A mouse drag down pans back up the page (less the gesture's 4 px threshold); a drag to the left turns only once past the page's side.
    await page.mouse.move(500, 100);
    await page.mouse.down();
    await page.mouse.move(500, 400, { steps: 10 });
    await page.mouse.up();
    [p0] = await drawn(page, [0]);
    expect(await at(page)).toBe(0);
    expect(Math.abs(p0.y - (500 - h + 300))).toBeLessThanOrEqual(5);
    await page.mouse.move(700, 250);
    await page.mouse.down();
    await page.mouse.move(300, 250, { steps: 10 });
    await page.mouse.up();
    await waitFor(page, 'window.__viewerDebug.position().index === 1');
    await closeViewer(page);
  });

  it('height: a wide spread as tall as the window, read sideways', async () => {
    const page = await open({ fit: 'height' });
    await dbg(page, `d.send({ type: 'page.goto', index: 2 })`);
    const w = 960 * (800 / 672);
    let [d] = await drawn(page, [3]);
    expectRect(d, { x: 0, y: 0, w, h: 800 });
    await expectEdges(page, d, VIEW);
    [d] = await key(page, 'ArrowRight', [3]);
    expectRect(d, { x: 1000 - w, y: 0, w, h: 800 });
    await expectEdges(page, d, VIEW);
    // A drag within the page pans it; past its side by the snap distance it turns.
    await key(page, 'ArrowLeft', [3]);
    await page.mouse.move(600, 400);
    await page.mouse.down();
    await page.mouse.move(500, 400, { steps: 5 });
    await page.mouse.up();
    [d] = await drawn(page, [3]);
    expect(await at(page)).toBe(2);
    expect(Math.abs(d.x + 100)).toBeLessThanOrEqual(5);
    await page.mouse.move(800, 400);
    await page.mouse.down();
    await page.mouse.move(300, 400, { steps: 10 });
    await page.mouse.up();
    await waitFor(page, 'window.__viewerDebug.position().index === 3');
    await closeViewer(page);
  });

  it('height, right to left: a wide page opens at its right edge and reads on leftwards', async () => {
    const page = await openViewer({
      fixture: { pages: [...PAGES], rtl: true },
      storage: { [STORAGE.viewerMode]: 'horizontal' },
      viewport: VIEW,
      harness: { settings: { fit: 'height' } },
    });
    await dbg(page, `d.send({ type: 'page.goto', index: 2 })`);
    const w = 960 * (800 / 672);
    let [d] = await drawn(page, [3]);
    expectRect(d, { x: 1000 - w, y: 0, w, h: 800 });
    await expectEdges(page, d, VIEW);
    // Left is "next" when reading right to left.
    [d] = await key(page, 'ArrowLeft', [3]);
    expectRect(d, { x: 0, y: 0, w, h: 800 });
    await key(page, 'ArrowLeft', [4]);
    expect(await at(page)).toBe(3);
    // Back: the wide page again, at its end (its left edge).
    [d] = await key(page, 'ArrowRight', [3]);
    expectRect(d, { x: 0, y: 0, w, h: 800 });
    await closeViewer(page);
  });

  it('original on a phone, right to left: a finger pans the page from its right edge, then turns past its left side', async () => {
    const phone = { width: 390, height: 844 };
    const page = await openViewer({
      fixture: { pages: [...PAGES], rtl: true },
      storage: { [STORAGE.viewerMode]: 'horizontal' },
      viewport: phone,
      harness: { settings: { fit: 'original' } },
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    const swipe = async (from: number, to: number) => {
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: x === undefined ? [] : [{ x, y: 400 }] });
      await touch('touchStart', from);
      const n = 10;
      for (let k = 1; k <= n; k++) await touch('touchMove', from + ((to - from) * k) / n);
      await touch('touchEnd');
    };
    // 480 px wide in a 390 px window: it opens with its right edge at the window's.
    let [p0] = await drawn(page, [0]);
    expectRect(p0, { x: 390 - 480, y: (844 - 672) / 2, w: 480, h: 672 });
    await expectEdges(page, p0, phone);
    // Reading on right to left drags to the right: first the page pans (less the gesture's 4 px threshold).
    await swipe(100, 160);
    [p0] = await drawn(page, [0]);
    expect(await at(page)).toBe(0);
    expect(Math.abs(p0.x - (390 - 480 + 60))).toBeLessThanOrEqual(5);
    // Then past its left side by more than the snap distance: the next page.
    await swipe(50, 300);
    await waitFor(page, 'window.__viewerDebug.position().index === 1');
    await closeViewer(page);
  });

  it('original: one image pixel per CSS pixel, centred when smaller, read by keys when larger', async () => {
    let page = await open({ fit: 'original' });
    const [p0] = await drawn(page, [0]);
    expectRect(p0, { x: 260, y: 64, w: 480, h: 672 });
    expect((await expectEdges(page, p0, VIEW)).outside).toBeGreaterThanOrEqual(8);
    await closeViewer(page);

    const small = { width: 700, height: 600 };
    page = await open({ fit: 'original' }, { viewport: small });
    await dbg(page, `d.send({ type: 'page.goto', index: 2 })`);
    let [d] = await drawn(page, [3]);
    expectRect(d, { x: 0, y: 0, w: 960, h: 672 });
    await expectEdges(page, d, small);
    // Down to its bottom, then the right-hand column from the top, then its bottom, then the next page.
    const steps = [
      [0, -72],
      [-260, 0],
      [-260, -72],
    ];
    for (const [x, y] of steps) {
      [d] = await key(page, 'ArrowRight', [3]);
      expectRect(d, { x, y, w: 960, h: 672 });
    }
    await expectEdges(page, d, small);
    await key(page, 'ArrowRight', [4]);
    expect(await at(page)).toBe(3);
    await closeViewer(page);
  });

  it('vertical: pages at the column width with its padding, the landscape or portrait column by the window', async () => {
    const settings = { portrait: { maxWidth: 600, padding: 40 }, landscape: { maxWidth: 700, padding: 0 } };
    for (const [view, w] of [
      [{ width: 1280, height: 800 }, 700],
      [{ width: 600, height: 900 }, 520],
    ] as const) {
      const page = await open(settings, { viewport: view, mode: 'vertical' });
      expect(await dbg(page, 'd.position().mode')).toBe('vertical');
      const [p0] = await drawn(page, [0]);
      expectRect(p0, { x: (view.width - w) / 2, y: 0, w, h: (w * 672) / 480 });
      expect((await expectEdges(page, p0, view)).outside).toBeGreaterThan(0);
      await closeViewer(page);
    }
  });
});
