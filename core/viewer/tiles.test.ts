import { describe, expect, it } from 'vitest';
import { needsTiles, tilePixels, tileRects } from './tiles';

/** Every pixel of the image lies in exactly one tile. */
function coverage(width: number, height: number, max: number): number[] {
  const hits = new Array<number>(width * height).fill(0);
  for (const t of tileRects(width, height, max))
    for (let y = t.y; y < t.y + t.h; y++) for (let x = t.x; x < t.x + t.w; x++) hits[y * width + x]++;
  return [...new Set(hits)];
}

describe('page tiles', () => {
  it('leaves an image that fits whole', () => {
    expect(tileRects(960, 1344, 8192)).toEqual([{ x: 0, y: 0, w: 960, h: 1344 }]);
    expect(tileRects(8192, 8192, 8192)).toHaveLength(1);
    expect(needsTiles(8192, 8192, 8192)).toBe(false);
    expect(needsTiles(800, 8193, 8192)).toBe(true);
    expect(needsTiles(8193, 10, 8192)).toBe(true);
  });

  it('cuts a webtoon strip into even bands at most the limit tall, top to bottom', () => {
    const t = tileRects(800, 20000, 8192);
    expect(t).toEqual([
      { x: 0, y: 0, w: 800, h: 6667 },
      { x: 0, y: 6667, w: 800, h: 6666 },
      { x: 0, y: 13333, w: 800, h: 6667 },
    ]);
    // 1440 x 36000 (the strip at super_high) on a 4096 GPU: nine bands, none over the limit.
    const big = tileRects(1440, 36000, 4096);
    expect(big).toHaveLength(9);
    expect(Math.max(...big.map((r) => r.h))).toBeLessThanOrEqual(4096);
    expect(big.reduce((s, r) => s + r.h, 0)).toBe(36000);
  });

  it('cuts both ways when the image is too wide and too tall, row by row, covering every pixel once', () => {
    const t = tileRects(50, 70, 20);
    expect(t).toHaveLength(3 * 4);
    expect(t.slice(0, 3).map((r) => [r.x, r.y])).toEqual([
      [0, 0],
      [17, 0],
      [33, 0],
    ]);
    for (const r of t) {
      expect(r.w).toBeLessThanOrEqual(20);
      expect(r.h).toBeLessThanOrEqual(20);
    }
    expect(coverage(50, 70, 20)).toEqual([1]);
    expect(coverage(31, 9, 4)).toEqual([1]);
  });

  it('has no tiles for an empty image and treats a fractional limit as its floor', () => {
    expect(tileRects(0, 100, 64)).toEqual([]);
    expect(tileRects(10, 10, 4.9).every((r) => r.w <= 4 && r.h <= 4)).toBe(true);
  });
});

describe('tiles by area (uploads spread over frames)', () => {
  it('cuts a page into full-width bands of at most maxArea pixels', () => {
    const t = tileRects(600, 850, 8192, 512 * 512);
    expect(t).toHaveLength(2);
    expect(t.every((r) => r.w === 600 && r.w * r.h <= 512 * 512)).toBe(true);
    expect(t[1].y + t[1].h).toBe(850);
    expect(needsTiles(600, 850, 8192, 512 * 512)).toBe(true);
    expect(needsTiles(400, 600, 8192, 512 * 512)).toBe(false);
  });
  it('keeps to both limits at once', () => {
    const t = tileRects(1000, 20_000, 800, 400 * 400);
    expect(t.every((r) => r.w <= 800 && r.h <= 800 && r.w * r.h <= 400 * 400 + 1000)).toBe(true);
    expect(t.reduce((a, r) => a + r.w * r.h, 0)).toBe(1000 * 20_000);
  });
});

describe("a tile's pixels cut from the image's RGBA rows", () => {
  // Each pixel's bytes say where it is: (x, y, x + y, 255).
  const image = (w: number, h: number) => {
    const px = new Uint8ClampedArray(w * h * 4);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px.set([x, y, x + y, 255], (y * w + x) * 4);
    return px;
  };
  const at = (px: Uint8ClampedArray, w: number, x: number, y: number) => [...px.subarray((y * w + x) * 4, (y * w + x) * 4 + 4)];

  it('a band across the whole width is a view of the same bytes, from its own first row', () => {
    const px = image(6, 10);
    const band = tilePixels(px, 6, { x: 0, y: 4, w: 6, h: 3 });
    expect(band.buffer).toBe(px.buffer);
    expect(band.length).toBe(6 * 3 * 4);
    expect(at(band, 6, 0, 0)).toEqual([0, 4, 4, 255]);
    expect(at(band, 6, 5, 2)).toEqual([5, 6, 11, 255]);
  });

  it('a tile narrower than the image has its own rows, every pixel from where the tile sits', () => {
    const px = image(8, 8);
    for (const r of tileRects(8, 8, 3)) {
      const t = tilePixels(px, 8, r);
      expect(t.length).toBe(r.w * r.h * 4);
      for (let y = 0; y < r.h; y++)
        for (let x = 0; x < r.w; x++) expect(at(t, r.w, x, y)).toEqual([r.x + x, r.y + y, r.x + x + r.y + y, 255]);
    }
  });
});
