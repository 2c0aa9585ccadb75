import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { STORAGE } from '../../core/storageKeys';
import { dbg, viewerBrowser, waitFor } from './viewerDriver';
import { KEY, xor } from './viewerFixture';

/**
 * Pages that look like print: a page of 1-px black and white lines
 * (vertical ones in its top half, horizontal ones in its bottom half) drawn
 * at a half, two fifths and a quarter of its pixels, in the real viewer
 * (page 5 of a chapter of such pages).
 * The decode worker shrinks it to the drawn size with an area filter, so
 * every sampled canvas pixel is near the lines' mean grey (127.5: exactly at
 * even ratios; at others a box of r source pixels holds up to half a line
 * more of one colour, allowed for). The full-size bitmap sampled by the
 * GPU's linear filter (what the viewer drew before) gives one wrong flat
 * grey or values anywhere from black to white (moiré) at these sizes (at
 * ×0.4 always: the test fails there without the shrink).
 */
const W = 960;
const H = 1344; // the fixture declares 480 x 672 pages: the same shape, twice the pixels
/**
 * The page looked at: one the page store asks for at its drawn size. (The
 * first pages, decoded ahead by the start-up script and prefetchChapter without
 * a size, are drawn full size until the zoom or the layout changes.)
 */
const ITEM = 4;

async function linesPage(): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) raw.fill(((y < H / 2 ? x : y) & 1) === 0 ? 0 : 255, (y * W + x) * 3, (y * W + x + 1) * 3);
  const webp = await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .webp({ lossless: true })
    .toBuffer();
  return xor(webp, KEY);
}

describe('viewer: a page drawn smaller than its pixels', () => {
  const { openViewer, closeViewer } = viewerBrowser();
  let enc: Buffer | undefined;
  const route = async (ctx: BrowserContext) => {
    enc ??= await linesPage();
    const body = enc;
    // Registered after the fixture's routes, so it answers first.
    await ctx.route('**/fixture-img/page/**', (r) =>
      r.fulfill({
        status: 200,
        contentType: 'application/octet-stream',
        body,
        headers: { 'content-length': String(body.length), 'access-control-allow-origin': '*' },
      }),
    );
  };

  /** Colours at a grid of points inside the part of page ITEM's rect (relative box u0..u1, v0..v1). */
  async function samples(page: Page, box: [number, number, number, number]): Promise<number[][]> {
    const r = (await dbg<{ item: number; x: number; y: number; w: number; h: number }[]>(page, 'd.rects()')).find((q) => q.item === ITEM)!;
    const out: number[][] = [];
    for (let j = 0; j < 7; j++)
      for (let i = 0; i < 7; i++) {
        const x = r.x + r.w * (box[0] + ((box[2] - box[0]) * (i + 0.5)) / 7);
        const y = r.y + r.h * (box[1] + ((box[3] - box[1]) * (j + 0.5)) / 7);
        out.push(await dbg<number[]>(page, `d.samplePixel(${x}, ${y})`));
      }
    return out;
  }

  /** How far (0..0.5) the white share of a box r source pixels wide over alternating lines can be from a half. */
  function boxDeviation(r: number): number {
    let worst = 0;
    for (let s = 0; s < 2; s += 0.01) {
      let white = 0;
      for (let i = Math.floor(s); i < Math.ceil(s + r); i++) if (i & 1) white += Math.min(s + r, i + 1) - Math.max(s, i);
      worst = Math.max(worst, Math.abs(white / r - 0.5));
    }
    return worst;
  }

  it.each([
    // The stage's height sets the page's.
    { height: 672, scale: 0.5 },
    { height: 538, scale: 0.4 },
    { height: 336, scale: 0.25 },
  ])('lines average to grey at about ×$scale (window height $height)', async ({ height }) => {
    const page = await openViewer({
      fixture: { pages: ['S', 'S', 'S', 'S', 'S', 'S', 'last'] },
      storage: { [STORAGE.viewerMode]: 'horizontal' },
      viewport: { width: 1280, height },
      route,
    });
    await dbg(page, `d.send({ type: 'page.goto', index: d.spreadOfItem(${ITEM}) })`);
    await waitFor(page, `window.__viewerDebug.rects().some((r) => r.item === ${ITEM} && r.image) && window.__viewerDebug.settled()`);
    const r = (await dbg<{ item: number; w: number; h: number }[]>(page, 'd.rects()')).find((q) => q.item === ITEM)!;
    // Drawn smaller than its pixels (the page fits the stage's height).
    expect(r.h).toBeLessThan(H * 0.6);
    const tolerance = 255 * boxDeviation(H / r.h) + 12;
    const boxes: [number, number, number, number][] = [
      [0.1, 0.05, 0.9, 0.45],
      [0.1, 0.55, 0.9, 0.95],
    ];
    const off = (c: number[]) => c[3] !== 255 || c.slice(0, 3).some((v) => Math.abs(v - 127.5) >= tolerance);
    // The image may first be one decoded for another size (the layout settles): wait for the one for this size.
    for (let k = 0; k < 200; k++) {
      // A narrow band of the top half: cheap to read each time.
      if (!(await samples(page, [0.1, 0.2, 0.9, 0.21])).some(off)) break;
      await page.waitForTimeout(50);
    }
    const got = [...(await samples(page, boxes[0])), ...(await samples(page, boxes[1]))];
    for (const c of got) {
      expect(c[3]).toBe(255);
      for (const v of c.slice(0, 3))
        expect(Math.abs(v - 127.5), `sample ${c.join(',')} at ×${(r.h / H).toFixed(3)}`).toBeLessThan(tolerance);
    }
    await closeViewer(page);
  });
});
