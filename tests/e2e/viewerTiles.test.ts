import type { DrawnRect, RendererStats } from '../../src/viewer/session/environment';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE } from '../../core/storageKeys';
import { tileRects } from '../../core/viewer/tiles';
import { dbg, viewerBrowser, waitFor } from './viewerDriver';
import { STRIP_BANDS, stripColor } from './viewerFixture';

/**
 * Pages taller than the GPU allows: a webtoon strip (a 'T' page of the
 * fixture, in flat bands) read in vertical mode is held in tiles and drawn
 * whole. The canvas is read back at points all down the strip, on both sides
 * of every tile boundary, and must show the strip's own colours there.
 */

const VIEW = { width: 1280, height: 800 };

/** Image rows (relative, 0..1) to check: both sides of each tile boundary and the middle of each band, clear of band edges. */
function checkRows(height: number, tiles: { y: number; h: number }[]): number[] {
  const rows = new Set<number>();
  for (const t of tiles) if (t.y > 0) [t.y - 6, t.y + 6].forEach((y) => rows.add(y));
  for (let b = 0; b < STRIP_BANDS; b++) rows.add(Math.round(((b + 0.5) * height) / STRIP_BANDS));
  const band = height / STRIP_BANDS;
  return [...rows].filter((y) => Math.abs(y / band - Math.round(y / band)) * band > 4).map((y) => y / height);
}

describe('viewer: pages taller than the GPU allows', () => {
  const { openViewer, closeViewer } = viewerBrowser();

  const stripRect = (page: Page) => dbg<DrawnRect | undefined>(page, 'd.rects().find((r) => r.item === 0)');

  /** Scrolls down the strip, reading the canvas at each row (relative) once it is mid-screen and drawn whole. */
  async function expectStrip(page: Page, rows: number[]) {
    const misses: string[] = [];
    for (const v of rows) {
      const r = (await stripRect(page))!;
      const dy = r.y + r.h * v - VIEW.height / 2;
      if (Math.abs(dy) > 1) await dbg(page, `d.send({ type: 'scroll.by', dy: ${dy} })`);
      await waitFor(
        page,
        `(() => { const d = window.__viewerDebug; const r = d.rects().find((x) => x.item === 0); return d.settled() && r && r.image; })()`,
      );
      const at = (await stripRect(page))!;
      for (const u of [0.1, 0.45, 0.9]) {
        const px = await dbg<number[]>(page, `d.samplePixel(${at.x + at.w * u}, ${at.y + at.h * v})`);
        const want = stripColor(0, u, v);
        if (want.some((c, k) => Math.abs(c - px[k]) > 10))
          misses.push(`(${u}, ${v.toFixed(4)}): drew ${px.join(',')}, strip ${want.join(',')}`);
      }
    }
    expect(misses).toEqual([]);
  }

  it('a 480 x 4,800 strip with a 400 px texture limit: 2 x 12 tiles, every one where it belongs', async () => {
    const page = await openViewer({
      fixture: { pages: ['T', 'S', 'last'], stripRatio: 10 },
      storage: { [STORAGE.viewerMode]: 'vertical' },
      viewport: VIEW,
      harness: { maxTextureSize: 400 },
    });
    await waitFor(page, `window.__viewerDebug.tiles(0) > 0`);
    expect(await dbg(page, 'd.position().mode')).toBe('vertical');
    const tiles = tileRects(480, 4800, 400);
    expect(await dbg(page, 'd.tiles(0)')).toBe(tiles.length);
    expect(tiles).toHaveLength(24);
    // Every tile's bytes are counted: the strip weighs its full size.
    expect(await dbg<number>(page, 'd.decodedBytes()')).toBeGreaterThanOrEqual(480 * 4800 * 4);
    await expectStrip(page, checkRows(4800, tiles));
    const stats = await dbg<RendererStats>(page, 'd.renderer()');
    expect(stats.texturesCreated).toBeGreaterThanOrEqual(24);
    // Drawn a texture a draw (src/viewer/pixiApp.ts): Pixi's default batches as many as the GPU has
    // units (SwiftShader: 32, through a chain of ifs a software GL runs for every pixel).
    expect(stats.texturesPerDraw).toBe(1);
    await closeViewer(page);
  });

  it('a 480 x 20,000 strip on the GPU as it is: cut where the GPU needs it, drawn whole', async () => {
    const page = await openViewer({
      fixture: { pages: ['T', 'S', 'last'], stripRatio: 20000 / 480 },
      storage: { [STORAGE.viewerMode]: 'vertical' },
      viewport: VIEW,
    });
    await waitFor(page, `window.__viewerDebug.tiles(0) > 0`);
    const n = await dbg<number>(page, 'd.tiles(0)');
    // SwiftShader takes 8192: three bands; a GPU that takes 16384 two, one that takes 32768 one.
    expect(n).toBeGreaterThanOrEqual(Math.ceil(20000 / 32768));
    const tiles = tileRects(480, 20000, Math.ceil(20000 / n));
    await expectStrip(page, checkRows(20000, tiles));
    await closeViewer(page);
  });
});
