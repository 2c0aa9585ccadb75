/**
 * Canvas read-back for the layout's browser tests (viewerFit, viewerSpreads):
 * where the viewer drew each item (`__viewerDebug.rects()`, screen px) and
 * whether the canvas shows the page's own colours just inside its edges and
 * the stage's background just outside them.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { DrawnRect } from '../../src/viewer/session/environment';
import { dbg, waitFor } from './viewerDriver';
import { sourceColor } from './viewerFixture';

export type { DrawnRect };

/** The stage's clear colour (src/screens/viewer/viewerEnvironment.ts). */
const BACKGROUND: [number, number, number] = [0x11, 0x11, 0x11];
const TOLERANCE = 10;
/** Distance from an edge of each sample. */
const IN = 4;

/** Waits until these items are drawn from their images and the camera rests; their screen rects. */
export async function drawn(page: Page, items: number[]): Promise<DrawnRect[]> {
  await waitFor(
    page,
    `(() => { const d = window.__viewerDebug; const r = d.rects(); return ${JSON.stringify(items)}.every((i) => r.some((x) => x.item === i && x.image)) && d.settled(); })()`,
  );
  const rects = await dbg<DrawnRect[]>(page, 'd.rects()');
  return items.map((i) => rects.find((r) => r.item === i)!);
}

const pixel = (page: Page, x: number, y: number) => dbg<number[]>(page, `d.samplePixel(${x}, ${y})`);

const near = (a: number[], b: number[]) => b.every((c, k) => Math.abs(c - a[k]) <= TOLERANCE);

/**
 * Samples along each edge of r, IN px inside (the page's colour there) and
 * IN px outside (the background, unless another drawn item is there); only
 * points inside the window. Returns how many points were checked on each
 * side, so a test can tell an edge that lay off screen.
 */
export async function expectEdges(
  page: Page,
  r: DrawnRect,
  view: { width: number; height: number },
  others: DrawnRect[] = [],
): Promise<{ inside: number; outside: number }> {
  const x0 = Math.max(0, r.x);
  const x1 = Math.min(view.width, r.x + r.w);
  const y0 = Math.max(0, r.y);
  const y1 = Math.min(view.height, r.y + r.h);
  const pts: [number, number, boolean][] = [];
  for (const t of [0.2, 0.8]) {
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t;
    pts.push([r.x + IN, y, true], [r.x + r.w - IN, y, true], [x, r.y + IN, true], [x, r.y + r.h - IN, true]);
    pts.push([r.x - IN, y, false], [r.x + r.w + IN, y, false], [x, r.y - IN, false], [x, r.y + r.h + IN, false]);
  }
  const onScreen = ([x, y]: [number, number, boolean]) => x >= 1 && y >= 1 && x <= view.width - 1 && y <= view.height - 1;
  const inOther = (x: number, y: number) =>
    others.some((o) => x >= o.x - IN && x <= o.x + o.w + IN && y >= o.y - IN && y <= o.y + o.h + IN);
  const misses: string[] = [];
  const count = { inside: 0, outside: 0 };
  for (const p of pts.filter(onScreen)) {
    const [x, y, inside] = p;
    let want: number[];
    if (inside) {
      const u = (x - r.x) / r.w;
      const v = (y - r.y) / r.h;
      // Clear of the quadrant boundaries of the fixture's pages.
      if (Math.abs(u - 0.5) * r.w < IN + 2 || Math.abs(v - 0.5) * r.h < IN + 2) continue;
      want = sourceColor(r.item, u, v);
      count.inside++;
    } else {
      if (inOther(x, y)) continue;
      want = BACKGROUND;
      count.outside++;
    }
    const got = await pixel(page, x, y);
    if (!near(got, want))
      misses.push(
        `item ${r.item} ${inside ? 'inside' : 'outside'} at (${x.toFixed(1)}, ${y.toFixed(1)}): drew ${got.join(',')}, want ${want.join(',')}`,
      );
  }
  expect(misses).toEqual([]);
  return count;
}

/** The page's colour at the centre of each quadrant of its visible part. */
export async function expectQuadrants(page: Page, r: DrawnRect): Promise<void> {
  const misses: string[] = [];
  for (const u of [0.25, 0.75])
    for (const v of [0.25, 0.75]) {
      const got = await pixel(page, r.x + r.w * u, r.y + r.h * v);
      const want = sourceColor(r.item, u, v);
      if (!near(got, want)) misses.push(`item ${r.item} at (${u}, ${v}): drew ${got.join(',')}, want ${want.join(',')}`);
    }
  expect(misses).toEqual([]);
}
