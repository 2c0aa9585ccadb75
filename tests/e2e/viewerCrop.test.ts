import type { DrawnRect } from '../../src/viewer/session/environment';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { STORAGE } from '../../core/storageKeys';
import { dbg, viewerBrowser, waitFor } from './viewerDriver';
import { KEY, xor } from './viewerFixture';

/**
 * Automatic border crop in the real viewer, horizontal: pages with
 * white or black borders, measured by the decode worker, cut by the layout
 * and drawn cropped by the renderer. Page 0 stands alone (a cover) with a
 * white border of its own width on each side; pages 1 and 2 are a spread,
 * page 1 with a black border of 10%, page 2 a white one of 6%: both are cut
 * by the same 6%, so page 1 keeps a sliver of black. With auto crop off the
 * borders are drawn.
 */
const W = 960;
const H = 1344;
const LEFT: [number, number, number] = [200, 60, 60];
const RIGHT: [number, number, number] = [60, 90, 200];
type Border = { left: number; top: number; right: number; bottom: number; colour: number };
const BORDERS: Border[] = [
  { left: 0.1, top: 0.08, right: 0.15, bottom: 0.12, colour: 255 },
  { left: 0.1, top: 0.1, right: 0.1, bottom: 0.1, colour: 0 },
  { left: 0.06, top: 0.06, right: 0.06, bottom: 0.06, colour: 255 },
];

async function borderedPage(b: Border): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  const [x0, x1, y0, y1] = [b.left * W, W * (1 - b.right), b.top * H, H * (1 - b.bottom)];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const inside = x >= x0 && x < x1 && y >= y0 && y < y1;
      raw.set(inside ? (x < W / 2 ? LEFT : RIGHT) : [b.colour, b.colour, b.colour], (y * W + x) * 3);
    }
  const webp = await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .webp({ lossless: true })
    .toBuffer();
  return xor(webp, KEY);
}

describe('viewer: automatic border crop', () => {
  const { openViewer, closeViewer } = viewerBrowser();
  const pages: Buffer[] = [];
  const route = async (ctx: BrowserContext) => {
    if (!pages.length) for (const b of BORDERS) pages.push(await borderedPage(b));
    // Registered after the fixture's routes, so it answers first.
    await ctx.route('**/fixture-img/page/**', (r) => {
      const i = Number(/\/page\/\d+\/(\d+)\//.exec(r.request().url())![1]);
      const body = pages[i];
      return r.fulfill({
        status: 200,
        contentType: 'application/octet-stream',
        body,
        headers: { 'content-length': String(body.length), 'access-control-allow-origin': '*' },
      });
    });
  };

  const open = (autoCrop: boolean) =>
    openViewer({
      fixture: { pages: ['S', 'S', 'S', 'last'] },
      storage: { [STORAGE.viewerMode]: 'horizontal' },
      harness: { settings: { autoCrop, firstPageAlone: true } },
      route,
    });

  async function shown(page: Page, items: number[]): Promise<DrawnRect[]> {
    const all = `[${items.join(',')}].every((i) => window.__viewerDebug.rects().some((r) => r.item === i && r.image))`;
    // A crop arriving between the wait and the read lays the pages out again: read until every rect is there.
    for (let k = 0; k < 100; k++) {
      await waitFor(page, `${all} && window.__viewerDebug.settled()`);
      const rects = await dbg<DrawnRect[]>(page, 'd.rects()');
      const got = items.map((i) => rects.find((r) => r.item === i && r.image));
      if (got.every((r) => r !== undefined)) return got;
    }
    throw new Error(`items ${items.join(', ')} were never all drawn at one read`);
  }

  /** The rects of `items` once they are drawn and `ready` holds of them (or after 15 s, for the assertions to tell). */
  async function until(page: Page, items: number[], ready: (rects: DrawnRect[]) => Promise<boolean>): Promise<DrawnRect[]> {
    for (let k = 0; ; k++) {
      const rects = await shown(page, items);
      if ((await ready(rects)) || k >= 300) return rects;
      await page.waitForTimeout(50);
    }
  }

  /** The colour at relative point (u, v) of a drawn rect. */
  const at = async (page: Page, r: DrawnRect, u: number, v: number) =>
    (await dbg<number[]>(page, `d.samplePixel(${r.x + r.w * u}, ${r.y + r.h * v})`)).slice(0, 3);

  const near = (got: number[], want: number[]) => got.every((c, k) => Math.abs(c - want[k]) <= 12);

  /** The four points 2% inside each corner of a rect. */
  const CORNERS: [number, number][] = [
    [0.02, 0.02],
    [0.98, 0.02],
    [0.02, 0.98],
    [0.98, 0.98],
  ];

  it('cuts a page’s white border: its rect shows the drawing to its edges, scaled up to fit', async () => {
    const page = await open(true);
    // The measured crop arrives with the bitmap; the layout is redone then.
    const [r] = await until(
      page,
      [0],
      async ([q]) => near(await at(page, q, 0.02, 0.02), LEFT) && near(await at(page, q, 0.98, 0.98), RIGHT),
    );
    for (const [u, v] of CORNERS)
      expect(await at(page, r, u, v), `at ${u},${v}`).toSatisfy((c: number[]) => near(c, u < 0.5 ? LEFT : RIGHT));
    // What is drawn has the content's shape: (1 - 0.1 - 0.15) x (1 - 0.08 - 0.12) of the page, within the measure's 1/256.
    const shape = (0.75 * W) / (0.8 * H);
    expect(Math.abs(r.w / r.h - shape)).toBeLessThan(0.02);
    await closeViewer(page);
  });

  it('cuts both pages of a spread by the same amount (the smaller border)', async () => {
    const page = await open(true);
    await dbg(page, `d.send({ type: 'page.goto', index: d.spreadOfItem(1) })`);
    // Both crops known: page 2 cut to its drawing at every corner.
    const [l, rr] = await until(page, [1, 2], async ([, q]) => {
      for (const [u, v] of CORNERS) if (!near(await at(page, q, u, v), u < 0.5 ? LEFT : RIGHT)) return false;
      return true;
    });
    expect(Math.abs(l.w - rr.w)).toBeLessThan(1);
    expect(Math.abs(l.h - rr.h)).toBeLessThan(1);
    // Page 2 (6% of white) is cut to its drawing; page 1 (10% of black) by the same 6%, keeping black at its edges.
    for (const [u, v] of CORNERS) {
      expect(await at(page, rr, u, v), `page 2 at ${u},${v}`).toSatisfy((c: number[]) => near(c, u < 0.5 ? LEFT : RIGHT));
      expect(await at(page, l, u, v), `page 1 at ${u},${v}`).toSatisfy((c: number[]) => near(c, [0, 0, 0]));
    }
    // Past the black that is left (4 of the 88% drawn), page 1's drawing.
    expect(near(await at(page, l, 0.1, 0.1), LEFT)).toBe(true);
    await closeViewer(page);
  });

  it('draws the borders with auto crop off', async () => {
    const page = await open(false);
    const [r] = await shown(page, [0]);
    for (const [u, v] of CORNERS) expect(await at(page, r, u, v), `at ${u},${v}`).toSatisfy((c: number[]) => near(c, [255, 255, 255]));
    expect(Math.abs(r.w / r.h - W / H)).toBeLessThan(0.01);
    await closeViewer(page);
  });
});
