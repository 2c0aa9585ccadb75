import { describe, expect, it } from 'vitest';
import { CROP_RULES, measureCrop, NO_CROP } from './crop';

/** A w x h RGBA image filled by `at(x, y)` (a grey level or an RGB triple). */
function image(w: number, h: number, at: (x: number, y: number) => number | [number, number, number]): Uint8ClampedArray {
  const px = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = at(x, y);
      const [r, g, b] = typeof v === 'number' ? [v, v, v] : v;
      px.set([r, g, b, 255], (y * w + x) * 4);
    }
  return px;
}

/** A deterministic pseudo-random sequence in [0, 1). */
function noise(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const W = 100;
const H = 140;
/** Content: a mid-grey drawing with dark strokes inside the box [x0, x1) x [y0, y1). */
const inBox = (x: number, y: number, [x0, y0, x1, y1]: number[]) => x >= x0 && x < x1 && y >= y0 && y < y1;
const art = (x: number, y: number) => ((x + y) % 7 === 0 ? 20 : 128);

describe('measureCrop', () => {
  it('measures a white border on each side', () => {
    const box = [10, 14, 90, 126];
    const c = measureCrop(
      image(W, H, (x, y) => (inBox(x, y, box) ? art(x, y) : 255)),
      W,
      H,
    );
    expect(c).toEqual({ left: 0.1, top: 0.1, right: 0.1, bottom: 0.1 });
  });

  it('measures a black border, each side its own width', () => {
    const box = [5, 20, 80, 140];
    const c = measureCrop(
      image(W, H, (x, y) => (inBox(x, y, box) ? art(x, y) : 0)),
      W,
      H,
    );
    expect(c).toEqual({ left: 0.05, top: 20 / H, right: 0.2, bottom: 0 });
  });

  it('takes JPEG-like noise and a speck of dust in the border as border', () => {
    const rnd = noise(7);
    const box = [12, 12, 88, 128];
    const px = image(W, H, (x, y) => {
      if (inBox(x, y, box)) return art(x, y);
      // Paper off-white with noise in every channel, a dust speck.
      if (x === 3 && y === 60) return 0;
      return [240 + Math.floor(rnd() * 16), 236 + Math.floor(rnd() * 20), 230 + Math.floor(rnd() * 26)];
    });
    expect(measureCrop(px, W, H)).toEqual({ left: 0.12, top: 12 / H, right: 0.12, bottom: 12 / H });
  });

  it('gives no crop for a blank page, white or black, noisy or not', () => {
    expect(
      measureCrop(
        image(W, H, () => 255),
        W,
        H,
      ),
    ).toEqual(NO_CROP);
    expect(
      measureCrop(
        image(W, H, () => 0),
        W,
        H,
      ),
    ).toEqual(NO_CROP);
    const rnd = noise(3);
    expect(
      measureCrop(
        image(W, H, () => 245 + Math.floor(rnd() * 10)),
        W,
        H,
      ),
    ).toEqual(NO_CROP);
  });

  it('gives no crop to a page drawn to its edges', () => {
    expect(measureCrop(image(W, H, art), W, H)).toEqual(NO_CROP);
  });

  it('stops at a dark panel touching the edge: only the white margin above it is cut, not the panel', () => {
    // White margins of 10 px, but a black panel bleeds to the left edge from row 40 to 80.
    const px = image(W, H, (x, y) => {
      if (y >= 40 && y < 80 && x < 50) return 0;
      return inBox(x, y, [10, 10, 90, 130]) ? art(x, y) : 255;
    });
    const c = measureCrop(px, W, H);
    expect(c.left).toBe(0);
    expect(c).toEqual({ left: 0, top: 10 / H, right: 0.1, bottom: 10 / H });
  });

  it('does not cut a thin line of content in the margin (a page number)', () => {
    // A page number: 6 dark pixels in row 132 of a white bottom margin.
    const px = image(W, H, (x, y) => {
      if (y === 132 && x >= 47 && x < 53) return 0;
      return inBox(x, y, [10, 10, 90, 125]) ? art(x, y) : 255;
    });
    expect(measureCrop(px, W, H).bottom).toBe(7 / H);
  });

  it('never cuts more than 45% from a side', () => {
    // A small drawing in the top-left corner of a white page.
    const c = measureCrop(
      image(W, H, (x, y) => (inBox(x, y, [0, 0, 8, 8]) ? art(x, y) : 255)),
      W,
      H,
    );
    expect(c).toEqual({ left: 0, top: 0, right: CROP_RULES.maxShare, bottom: CROP_RULES.maxShare });
  });

  it('handles white above and black below with nothing between', () => {
    const c = measureCrop(
      image(W, H, (_x, y) => (y < 70 ? 255 : 0)),
      W,
      H,
    );
    expect(c).toEqual({ left: 0, top: CROP_RULES.maxShare, right: 0, bottom: CROP_RULES.maxShare });
  });

  it('measures a colour page: only neutral near-white counts as white', () => {
    const c = measureCrop(
      image(W, H, (x, y) => (inBox(x, y, [0, 0, 100, 120]) ? [255, 200, 200] : 255)),
      W,
      H,
    );
    expect(c).toEqual({ left: 0, top: 0, right: 0, bottom: 20 / H });
  });
});
