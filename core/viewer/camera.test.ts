import { describe, expect, it } from 'vitest';
import {
  cameraFor,
  clampPosition,
  dragInSlot,
  goTo,
  HOME,
  KEY_STEP,
  relaid,
  slotRect,
  stepInSlot,
  zoomAbout,
  type Geometry,
} from './camera';

/**
 * Horizontal slots larger than the window (fit width, height, original): the
 * camera pans inside them, keys step through them, drags pan before turning,
 * and turns open a slot at its start or end. Window-sized slots behave as
 * before (no pan at zoom 1).
 */
const VP = { width: 1000, height: 800 };
// Slot 0 window-sized, slot 1 tall (fit width), slot 2 wide and tall (original), slot 3 wide (fit height).
const slots = (rtl: boolean) => {
  const sizes = [
    { w: 1000, h: 800 },
    { w: 1000, h: 2000 },
    { w: 2500, h: 1200 },
    { w: 1600, h: 800 },
  ];
  let edge = 0;
  return sizes.map((s, i) => {
    const x = rtl ? (i === 0 ? 0 : edge - s.w) : edge;
    edge = rtl ? x : x + s.w;
    return { x, y: 0, ...s };
  });
};
const geo = (rtl = false): Geometry => ({
  mode: 'horizontal',
  rtl,
  viewport: VP,
  count: 4,
  tops: [],
  contentHeight: 800,
  slots: slots(rtl),
});

describe('slots larger than the window', () => {
  it('without slot rects, slots are the window side by side (later ones to the left right to left)', () => {
    const g: Geometry = { mode: 'horizontal', rtl: true, viewport: VP, count: 3, tops: [], contentHeight: 800 };
    expect(slotRect(g, 2)).toEqual({ x: -2000, y: 0, w: 1000, h: 800 });
    expect(clampPosition(g, { ...HOME, panX: 50, panY: 50 })).toMatchObject({ panX: 0, panY: 0 });
  });

  it('the camera pans anywhere inside the slot and no further, at zoom 1 and zoomed', () => {
    const g = geo();
    expect(clampPosition(g, { ...HOME, index: 2, panX: 5000, panY: 5000 })).toMatchObject({ panX: 1500, panY: 400 });
    expect(clampPosition(g, { ...HOME, index: 2, panX: -5, panY: -5 })).toMatchObject({ panX: 0, panY: 0 });
    expect(clampPosition(g, { ...HOME, index: 2, scale: 2, panX: 5000, panY: 5000 })).toMatchObject({ panX: 2000, panY: 800 });
    expect(cameraFor(g, { ...HOME, index: 2, panX: 100, panY: 50 })).toEqual({ x: 2000 + 100, y: 50, scale: 1 });
    // Zooming keeps the point under the finger, in the slot's own coordinates.
    const z = zoomAbout(g, { ...HOME, index: 2, panX: 300, panY: 100 }, 2, 500, 400);
    expect(cameraFor(g, z)).toEqual({ x: 2000 + 300 + 250, y: 100 + 200, scale: 2 });
  });

  it('a slot opens at its start (top, reading-first side) forward and at its end backward', () => {
    expect(goTo(geo(), HOME, 2)).toMatchObject({ index: 2, panX: 0, panY: 0 });
    expect(goTo(geo(), HOME, 2, true)).toMatchObject({ index: 2, panX: 1500, panY: 400 });
    expect(goTo(geo(true), HOME, 2)).toMatchObject({ index: 2, panX: 1500, panY: 0 });
    expect(goTo(geo(true), HOME, 2, true)).toMatchObject({ index: 2, panX: 0, panY: 400 });
    expect(goTo(geo(), HOME, 0, true)).toMatchObject({ index: 0, panX: 0, panY: 0 });
  });

  it('keys step down by 90% of the window, then a column on in reading order from the top; null at the end', () => {
    const g = geo();
    const seen: [number, number][] = [];
    let p: ReturnType<typeof stepInSlot> = goTo(g, HOME, 2);
    while (p) {
      seen.push([p.panX, p.panY]);
      p = stepInSlot(g, p, 1);
    }
    expect(seen).toEqual([
      [0, 0],
      [0, 400],
      [900, 0],
      [900, 400],
      [1500, 0],
      [1500, 400],
    ]);
    // Back the same way, from the end.
    const back: [number, number][] = [];
    p = goTo(g, HOME, 2, true);
    while (p) {
      back.push([p.panX, p.panY]);
      p = stepInSlot(g, p, -1);
    }
    expect(back).toEqual([
      [1500, 400],
      [1500, 0],
      [600, 400],
      [600, 0],
      [0, 400],
      [0, 0],
    ]);
    expect(stepInSlot(g, goTo(g, HOME, 1), 1)).toMatchObject({ panY: 800 * KEY_STEP });
    expect(stepInSlot(g, goTo(g, HOME, 0), 1)).toBeNull();
  });

  it('right to left, keys step leftwards through a wide slot', () => {
    const g = geo(true);
    const p1 = stepInSlot(g, goTo(g, HOME, 3), 1);
    expect(p1).toMatchObject({ panX: 0, panY: 0 });
    expect(stepInSlot(g, p1!, 1)).toBeNull();
    expect(stepInSlot(g, p1!, -1)).toMatchObject({ panX: 600 });
  });

  it('a drag pans the slot; what passes its edge moves the page, with a rubber band at the ends', () => {
    const g = geo();
    const start = goTo(g, HOME, 2);
    expect(dragInSlot(g, start, -400, 0)).toMatchObject({ panX: 400, dragDx: 0 });
    expect(dragInSlot(g, start, -1800, 0)).toMatchObject({ panX: 1500, dragDx: -300 });
    expect(dragInSlot(g, start, 300, 0)).toMatchObject({ panX: 0, dragDx: 300 });
    // Last slot: past its end only a rubber band; vertical drags pan a tall slot.
    expect(dragInSlot(g, goTo(g, HOME, 3), -700, 0).dragDx).toBeCloseTo(-30);
    expect(dragInSlot(g, goTo(g, HOME, 1), 0, -500)).toMatchObject({ panY: 500, dragDx: 0 });
    const rtl = geo(true);
    expect(dragInSlot(rtl, goTo(rtl, HOME, 3), 400, 0)).toMatchObject({ panX: 200, dragDx: 0 });
  });

  it('a new layout on the same slot keeps the place inside it; anything else opens the slot at its start', () => {
    const g = geo();
    // Crops made slot 2 smaller: the same share of the pan range.
    const cropped: Geometry = { ...g, slots: g.slots!.map((r, i) => (i === 2 ? { ...r, w: 2000, h: 1000 } : r)) };
    expect(relaid(g, { ...HOME, index: 2, panX: 750, panY: 100 }, cropped, 2)).toMatchObject({ index: 2, panX: 500, panY: 50 });
    // A slot that had no pan range opens at its start side (right to left: its right edge).
    const rtl = geo(true);
    const grown: Geometry = { ...rtl, slots: rtl.slots!.map((r, i) => (i === 0 ? { ...r, w: 1400 } : r)) };
    expect(relaid(rtl, HOME, grown, 0)).toMatchObject({ index: 0, panX: 400, panY: 0 });
    // Another slot, zoomed in, another mode, the first layout: the start.
    expect(relaid(g, { ...HOME, index: 1, panY: 300 }, g, 2)).toMatchObject({ index: 2, panX: 0, panY: 0 });
    expect(relaid(g, { ...HOME, index: 2, scale: 2, panX: 300 }, g, 2)).toMatchObject({ index: 2, panX: 0, scale: 1 });
    const v: Geometry = { mode: 'vertical', rtl: false, viewport: VP, count: 3, tops: [0, 1000, 3000], contentHeight: 4000 };
    expect(relaid(g, HOME, v, 1)).toMatchObject({ index: 1, scrollY: 1000 });
    expect(relaid({ ...g, count: 0 }, { ...HOME, index: 2, panX: 700 }, g, 2)).toMatchObject({ panX: 0 });
    // Vertical: the offset into the slot scaled to its new height (slot 1 was 2000 tall, now 1000).
    const v2: Geometry = { ...v, tops: [0, 900, 1900], contentHeight: 2900 };
    expect(relaid(v, { ...HOME, index: 1, scrollY: 1600 }, v2, 1)).toMatchObject({ index: 1, scrollY: 900 + 300 });
  });
});
