import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE } from '../../core/storageKeys';
import type { DrawnRect, RendererStats } from '../../src/viewer/session/environment';
import { dbg, viewerBrowser, waitFor } from './viewerDriver';

/**
 * The canvas while the camera moves (src/viewer/motionScale.ts): a page turn
 * is drawn at half the canvas's resolution after its first frame, and once
 * the camera is still the pages are drawn whole again, pixel for pixel as
 * before the turn. Each frame's draw resolution is read from the renderer's
 * figures by a requestAnimationFrame loop in the page.
 */

const VIEW = { width: 1280, height: 800 };

/** Records the renderer's draw resolution every animation frame into window.__drawn (a string: no bundler helpers in the page). */
const RECORD = `(() => {
  const drawn = (window.__drawn = []);
  const tick = () => { drawn.push(window.__viewerDebug.renderer().drawResolution); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;

/** The drawn pages on screen are whole and the renderer at rest. */
const AT_REST = `d.settled() && d.rects().filter((r) => r.x < ${VIEW.width} && r.x + r.w > 0).every((r) => r.image)`;

/** Canvas pixels at a grid of points over the pages on screen. */
async function pagePixels(page: Page): Promise<number[][]> {
  const rects = await dbg<DrawnRect[]>(page, `d.rects().filter((r) => r.x < ${VIEW.width} && r.x + r.w > 0)`);
  expect(rects.length).toBeGreaterThan(0);
  const out: number[][] = [];
  for (const r of rects)
    for (const [u, v] of [0.2, 0.5, 0.8].flatMap((u) => [0.2, 0.5, 0.8].map((v) => [u, v])))
      out.push(await dbg<number[]>(page, `d.samplePixel(${r.x + r.w * u}, ${r.y + r.h * v})`));
  return out;
}

describe('viewer: the canvas while the camera moves', () => {
  const { openViewer, closeViewer } = viewerBrowser();

  it('draws a page turn at half the resolution, then whole again at rest, the same pixels as before', async () => {
    const page = await openViewer({
      fixture: { pages: ['S', 'S', 'S', 'S', 'S', 'S', 'last'] },
      storage: { [STORAGE.viewerMode]: 'horizontal' },
      viewport: VIEW,
    });
    await waitFor(page, `(() => { const d = window.__viewerDebug; return ${AT_REST}; })()`);
    const whole = (await dbg<RendererStats>(page, 'd.renderer()')).drawResolution;
    // The canvas's own resolution (one device pixel per CSS pixel here, or two on a GPU).
    expect(whole).toBe(await page.evaluate(`document.querySelector('canvas.viewer-canvas').width / ${VIEW.width}`));
    const before = await pagePixels(page);
    const movingBefore = (await dbg<RendererStats>(page, 'd.renderer()')).movingFrames;

    await page.evaluate(RECORD);
    await page.keyboard.press('PageDown');
    await waitFor(page, `(() => { const d = window.__viewerDebug; return d.position().index === 1 && ${AT_REST}; })()`);
    const turn = await page.evaluate<number[]>('window.__drawn');
    // Frames drawn at half the resolution while the camera moved; the last one whole, at rest.
    expect(turn.filter((r) => r === whole / 2).length).toBeGreaterThan(1);
    expect(turn.every((r) => r === whole || r === whole / 2)).toBe(true);
    const stats = await dbg<RendererStats>(page, 'd.renderer()');
    expect(stats.movingFrames).toBeGreaterThan(movingBefore);
    expect(stats.drawResolution).toBe(whole);

    // Back where it started: the same pixels as before the turns.
    await page.keyboard.press('PageUp');
    await waitFor(page, `(() => { const d = window.__viewerDebug; return d.position().index === 0 && ${AT_REST}; })()`);
    expect((await dbg<RendererStats>(page, 'd.renderer()')).drawResolution).toBe(whole);
    expect(await pagePixels(page)).toEqual(before);
    await closeViewer(page);
  });
});
