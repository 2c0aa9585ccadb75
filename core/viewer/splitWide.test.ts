import { describe, expect, it } from 'vitest';
import { buildLayout, visiblePlacements, type Layout, type Viewport } from './layout';
import type { Item } from './spreads';

/** Split wide pages: a DOUBLE page read one page at a time shows as its halves, in reading order. */
const single: Item = { kind: 'manga', type: 'single', width: 960, height: 1360 };
const double: Item = { kind: 'manga', type: 'double', width: 1920, height: 1360 };
const last: Item = { kind: 'last', width: 400, height: 620 };
const PHONE: Viewport = { width: 390, height: 844 };
const DESKTOP: Viewport = { width: 1440, height: 900 };
const items = [single, double, single, last];

const layout = (rtl: boolean, splitWide: boolean, viewport = PHONE): Layout =>
  buildLayout(items, { mode: 'horizontal', rtl, viewport, splitWide });

/** What the camera shows at slot i: the part of the wide page's image in view, as [from, to] shares of its width. */
function shownShare(l: Layout, slot: number): [number, number] {
  const s = l.slots[slot];
  const p = visiblePlacements(l, { x: s.x, y: s.y, w: s.w, h: s.h }, 0).find((q) => q.item === 1)!;
  const from = (Math.max(s.x, p.x) - p.x) / p.w;
  const to = (Math.min(s.x + s.w, p.x + p.w) - p.x) / p.w;
  return [Math.round(from * 1000) / 1000, Math.round(to * 1000) / 1000];
}

describe('splitWidePages', () => {
  it('left to right: the wide page takes two window-wide slots, its left half first, then its right', () => {
    const off = layout(false, false);
    const on = layout(false, true);
    expect(off.spreads).toHaveLength(4);
    expect(on.spreads).toHaveLength(5);
    expect(on.spreads.map((s) => s.items[0])).toEqual([0, 1, 1, 2, 3]);
    expect(on.slots[1].w).toBe(PHONE.width);
    expect(on.slots[2].x).toBe(on.slots[1].x + PHONE.width);
    expect(shownShare(on, 1)).toEqual([0, 0.5]);
    expect(shownShare(on, 2)).toEqual([0.5, 1]);
    // Each half fills the window's width; the pages around it keep their places in order.
    expect(on.placements.find((p) => p.item === 1)!.w).toBe(2 * PHONE.width);
    expect(on.slotOfItem).toEqual([0, 1, 3, 4]);
    expect(on.slots[3].x).toBeGreaterThanOrEqual(on.slots[2].x + PHONE.width);
  });

  it('right to left: the right half first, slots going leftwards', () => {
    const on = layout(true, true);
    expect(shownShare(on, 1)).toEqual([0.5, 1]);
    expect(shownShare(on, 2)).toEqual([0, 0.5]);
    expect(on.slots[2].x).toBe(on.slots[1].x - PHONE.width);
    expect(on.slots[3].x).toBeLessThan(on.slots[2].x);
  });

  it('only where pages are shown one at a time: a wide window keeps the wide page whole', () => {
    const wide = layout(false, true, DESKTOP);
    expect(wide).toEqual(layout(false, false, DESKTOP));
  });
});
