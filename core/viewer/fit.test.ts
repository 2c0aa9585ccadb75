import { describe, expect, it } from 'vitest';
import type { ImageCrop } from './crop';
import { columnCrop, columnWidth, croppedSize, fitScale, pairCrops, usableCrop } from './fit';
import { buildLayout, VIEWER, type LayoutOptions, type Placement } from './layout';
import type { HorizontalFit } from './readerSettings';
import type { Item, MangaType } from './spreads';

/**
 * Fit modes and border crops: the rules (fit.ts) and what the layout makes of
 * them (layout.ts): slot sizes, rects and Placement.crop.
 */
const page = (type: MangaType = 'single', width = 1000, height = 1500): Item => ({ kind: 'manga', type, width, height });
const V = { width: 1200, height: 800 };
const H: LayoutOptions = { mode: 'horizontal', rtl: false, viewport: V, singleSpread: false };
const crop = (left: number, top: number, right: number, bottom: number): ImageCrop => ({ left, top, right, bottom });
const of = (ps: Placement[], item: number) => ps.find((p) => p.item === item)!;

describe('fit rules', () => {
  it('scales content by the fit mode', () => {
    expect(fitScale('screen', 1000, 1600, V)).toBe(0.5);
    expect(fitScale('screen', 3000, 1000, V)).toBe(0.4);
    expect(fitScale('width', 1000, 1600, V)).toBe(1.2);
    expect(fitScale('height', 3000, 1000, V)).toBe(0.8);
    expect(fitScale('original', 3000, 1000, V)).toBe(1);
    expect(fitScale('screen', 0, 1000, V)).toBe(0);
  });

  it('vertical column: at most maxWidth, padding both sides, never under half the window', () => {
    expect(columnWidth({ maxWidth: 800, padding: 0 }, { width: 1440, height: 900 })).toBe(800);
    expect(columnWidth({ maxWidth: 800, padding: 0 }, { width: 390, height: 844 })).toBe(390);
    expect(columnWidth({ maxWidth: 800, padding: 20 }, { width: 390, height: 844 })).toBe(350);
    expect(columnWidth({ maxWidth: 2000, padding: 100 }, { width: 1440, height: 900 })).toBe(1240);
    expect(columnWidth({ maxWidth: 800, padding: 400 }, { width: 390, height: 844 })).toBe(195);
  });

  it('a crop applies only when known and each side in [0, 0.5)', () => {
    expect(usableCrop(undefined)).toBeUndefined();
    expect(usableCrop(crop(0.1, 0, 0.2, 0.49))).toEqual(crop(0.1, 0, 0.2, 0.49));
    expect(usableCrop(crop(0.5, 0, 0, 0))).toBeUndefined();
    expect(usableCrop(crop(0, -0.1, 0, 0))).toBeUndefined();
    expect(usableCrop(crop(0, Number.NaN, 0, 0))).toBeUndefined();
    expect(croppedSize(1000, 2000, crop(0.25, 0.25, 0.25, 0))).toEqual({ width: 500, height: 1500 });
  });

  it('a pair is cut the same on both pages: smaller top, bottom and outer sides; the gutter only between separate pages', () => {
    const l = crop(0.05, 0.1, 0.08, 0.02);
    const r = crop(0.03, 0.04, 0.06, 0.07);
    expect(pairCrops(l, r, false)).toEqual([crop(0.05, 0.04, 0.03, 0.02), crop(0.03, 0.04, 0.05, 0.02)]);
    expect(pairCrops(l, r, true)).toEqual([crop(0.05, 0.04, 0, 0.02), crop(0, 0.04, 0.05, 0.02)]);
  });

  it('vertical: symmetric sides, the top only on the first page, the bottom only on the last', () => {
    const c = crop(0.1, 0.2, 0.05, 0.3);
    expect(columnCrop(c, false, false)).toEqual(crop(0.05, 0, 0.05, 0));
    expect(columnCrop(c, true, false)).toEqual(crop(0.05, 0.2, 0.05, 0));
    expect(columnCrop(c, false, true)).toEqual(crop(0.05, 0, 0.05, 0.3));
    expect(columnCrop(crop(0.6, 0, 0, 0), true, true)).toEqual(crop(0, 0, 0, 0));
  });
});

describe('horizontal fit modes in the layout', () => {
  const items = [page(), page(), page(), { kind: 'last', width: 400, height: 620 } as Item];
  const at = (fit: HorizontalFit) => buildLayout(items, { ...H, fit });

  it('screen: the spread inside the window, slots the window size', () => {
    const l = at('screen');
    expect(l.slots.map((s) => s.w)).toEqual([1200, 1200, 1200]);
    const [a, b] = l.placements;
    expect(a.h).toBe(800);
    expect(b.x + b.w - a.x).toBeCloseTo(2 * (800 / 1.5) + (VIEWER.gutter * 800) / 1000, 6);
  });

  it('width: the spread as wide as the window, a taller slot; the end page at its nominal size', () => {
    const l = at('width');
    const [a, b] = l.placements;
    expect(a.x).toBeCloseTo(0, 6);
    expect(b.x + b.w).toBeCloseTo(1200, 6);
    expect(a.y).toBe(0);
    expect(l.slots[0]).toEqual({ x: 0, y: 0, w: 1200, h: a.h });
    expect(a.h).toBeGreaterThan(800);
    // Single page 3 pairs with nothing (the end page): 1200 wide, its slot next to the first one.
    expect(of(l.placements, 2)).toMatchObject({ x: 1200, y: 0, w: 1200, h: 1800 });
    expect(l.slots[2]).toEqual({ x: 2400, y: 0, w: 1200, h: 800 });
    expect(of(l.placements, 3)).toMatchObject({ w: 400, h: 620, x: 2400 + 400, y: 90 });
  });

  it('height: the spread as tall as the window, a wider slot, slots side by side right to left', () => {
    const wide = [page('double', 3000, 1000), page()];
    const l = buildLayout(wide, { ...H, fit: 'height', rtl: true });
    expect(of(l.placements, 0)).toMatchObject({ x: 0, y: 0, w: 2400, h: 800 });
    expect(l.slots[0]).toEqual({ x: 0, y: 0, w: 2400, h: 800 });
    // The next slot lies to the left of the first; a narrower spread is centred in a window-wide slot.
    expect(l.slots[1]).toEqual({ x: -1200, y: 0, w: 1200, h: 800 });
    expect(of(l.placements, 1)).toMatchObject({ x: -1200 + (1200 - 800 / 1.5) / 2, y: 0, h: 800 });
  });

  it('original: one image pixel per CSS pixel, centred when smaller', () => {
    const l = buildLayout([page('single', 600, 700), page('single', 2000, 3000)], {
      ...H,
      singleSpread: true,
      fit: 'original',
      viewport: { width: 1000, height: 800 },
    });
    expect(l.spreads.map((s) => s.items)).toEqual([[0], [1]]);
    expect(of(l.placements, 0)).toMatchObject({ x: 200, y: 50, w: 600, h: 700 });
    expect(of(l.placements, 1)).toMatchObject({ x: 1000, y: 0, w: 2000, h: 3000 });
    expect(l.slots[1]).toEqual({ x: 1000, y: 0, w: 2000, h: 3000 });
  });

  it('a half page alone keeps its half of a spread in every mode', () => {
    for (const fit of ['screen', 'width', 'height', 'original'] as const) {
      const l = buildLayout([page('left'), page('left')], { ...H, fit });
      const p = of(l.placements, 1);
      const s = l.slots[1];
      expect(p.x + p.w).toBeCloseTo(s.x + s.w / 2, 6);
    }
  });
});

describe('crops in the layout', () => {
  it('horizontal pair: the same cut on both pages, then fitted, so borders leave the screen', () => {
    const crops = [crop(0.1, 0.1, 0.05, 0.1), crop(0.02, 0.05, 0.2, 0.08)];
    const l = buildLayout([page(), page()], { ...H, crops: (i) => crops[i] });
    const [a, b] = l.placements;
    expect(a.crop).toEqual(crop(0.1, 0.05, 0.02, 0.08));
    expect(b.crop).toEqual(crop(0.02, 0.05, 0.1, 0.08));
    // Cropped content 1000 × 0.88 wide, 1500 × 0.87 tall per page, fitted to the screen.
    expect(a.h).toBeCloseTo(800, 6);
    expect(a.w).toBeCloseTo((800 * 880) / (1500 * 0.87), 6);
    expect(b.w).toBeCloseTo(a.w, 6);
  });

  it('right to left: the outer sides are the right page’s right and the left page’s left', () => {
    const crops = [crop(0.01, 0, 0.3, 0), crop(0.2, 0, 0.02, 0)];
    const l = buildLayout([page(), page()], { ...H, rtl: true, crops: (i) => crops[i] });
    // Item 0 reads first: on the right. Left page = item 1 (left 0.2), right page = item 0 (right 0.3): outer 0.2.
    expect(of(l.placements, 0).crop).toEqual(crop(0.01, 0, 0.2, 0));
    expect(of(l.placements, 1).crop).toEqual(crop(0.2, 0, 0.01, 0));
    expect(of(l.placements, 0).x).toBeGreaterThan(of(l.placements, 1).x);
  });

  it('joined halves keep the gutter; a pair with one crop unknown is not cut', () => {
    const c = crop(0.1, 0.1, 0.1, 0.1);
    const joined = buildLayout([page('left'), page('right')], { ...H, crops: () => c });
    expect(joined.placements.map((p) => p.crop)).toEqual([crop(0.1, 0.1, 0, 0.1), crop(0, 0.1, 0.1, 0.1)]);
    const half = buildLayout([page(), page()], { ...H, crops: (i) => (i === 0 ? c : undefined) });
    expect(half.placements.every((p) => p.crop === undefined)).toBe(true);
  });

  it('a page alone by its own measure; no crop key when nothing is cut; never on non-manga items', () => {
    const items = [page(), { kind: 'last', width: 400, height: 620 } as Item];
    const l = buildLayout(items, { ...H, singleSpread: true, fit: 'width', crops: () => crop(0.1, 0.2, 0, 0) });
    expect(l.placements[0].crop).toEqual(crop(0.1, 0.2, 0, 0));
    expect(l.placements[0]).toMatchObject({ w: 1200, h: (1200 * 1500 * 0.8) / 900 });
    expect(l.placements[1].crop).toBeUndefined();
    const none = buildLayout(items, { ...H, crops: () => crop(0, 0, 0, 0) });
    expect('crop' in none.placements[0]).toBe(false);
  });

  it('vertical: sides of each page, the strip’s outer ends only, every page at the column width', () => {
    const items = [
      { kind: 'bannerList', width: 300, height: 400 } as Item,
      page(),
      page(),
      page(),
      { kind: 'last', width: 400, height: 620 } as Item,
    ];
    const c = crop(0.1, 0.1, 0.05, 0.1);
    const l = buildLayout(items, {
      mode: 'vertical',
      rtl: false,
      viewport: { width: 1440, height: 900 },
      column: { maxWidth: 700, padding: 0 },
      crops: () => c,
    });
    const ps = l.placements;
    expect(ps[0].crop).toBeUndefined();
    expect(ps[1].crop).toEqual(crop(0.05, 0.1, 0.05, 0));
    expect(ps[2].crop).toEqual(crop(0.05, 0, 0.05, 0));
    expect(ps[3].crop).toEqual(crop(0.05, 0, 0.05, 0.1));
    expect(ps[4].crop).toBeUndefined();
    for (const i of [1, 2, 3]) {
      expect(ps[i].w).toBe(700);
      expect(ps[i].x).toBe((1440 - 700) / 2);
    }
    expect(ps[2].h).toBeCloseTo((700 * 1500) / 900, 6);
    expect(ps[1].h).toBeCloseTo((700 * 1500 * 0.9) / 900, 6);
  });
});
