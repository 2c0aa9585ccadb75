import { describe, expect, it } from 'vitest';
import { areaResample, areaResampleRows, shrinkTarget } from './resample';

/** A grey image (RGBA, opaque) from `at(x, y)`. */
function grey(w: number, h: number, at: (x: number, y: number) => number): Uint8ClampedArray {
  const px = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px.set([at(x, y), at(x, y), at(x, y), 255], (y * w + x) * 4);
  return px;
}
const lumaAt = (px: Uint8ClampedArray, w: number, x: number, y: number) => px[(y * w + x) * 4];

describe('areaResample', () => {
  it('averages 1-px black and white lines to their grey at half size (no aliasing)', () => {
    const src = grey(64, 64, (x) => (x % 2 ? 255 : 0));
    const out = areaResample(src, 64, 64, 32, 32);
    for (let y = 0; y < 32; y++) for (let x = 0; x < 32; x++) expect(lumaAt(out, 32, x, y)).toBe(128);
  });

  it('counts the pixels the area cuts by the share inside it (a third: 3 -> 1 and 3 -> 2)', () => {
    const src = grey(3, 1, (x) => [0, 90, 255][x]);
    expect([...areaResample(src, 3, 1, 1, 1)]).toEqual([115, 115, 115, 255]);
    // Output 0 covers source [0, 1.5): 0 and half of 90; output 1 [1.5, 3): half of 90 and 255.
    const two = areaResample(src, 3, 1, 2, 1);
    expect([lumaAt(two, 2, 0, 0), lumaAt(two, 2, 1, 0)]).toEqual([30, 200]);
  });

  it('keeps a flat colour and the alpha channel exactly', () => {
    const px = new Uint8ClampedArray(10 * 7 * 4);
    for (let i = 0; i < px.length; i += 4) px.set([12, 200, 77, 255], i);
    const out = areaResample(px, 10, 7, 3, 2);
    for (let i = 0; i < out.length; i += 4) expect([...out.subarray(i, i + 4)]).toEqual([12, 200, 77, 255]);
  });

  it('keeps the mean brightness of a screentone at any ratio', () => {
    // A 45° dot screen, period 6.
    const src = grey(300, 420, (x, y) => ((Math.cos((x + y) * 1.047) + Math.cos((x - y) * 1.047)) / 2 > 0.2 ? 0 : 255));
    let mean = 0;
    for (let i = 0; i < src.length; i += 4) mean += src[i];
    mean /= src.length / 4;
    for (const [w, h] of [
      [150, 210],
      [97, 136],
      [299, 419],
    ]) {
      const out = areaResample(src, 300, 420, w, h);
      let m = 0;
      for (let i = 0; i < out.length; i += 4) m += out[i];
      expect(Math.abs(m / (w * h) - mean)).toBeLessThan(1);
    }
  });

  it('is the identity at the same size', () => {
    const src = grey(5, 4, (x, y) => x * 40 + y * 10);
    expect([...areaResample(src, 5, 4, 5, 4)]).toEqual([...src]);
  });

  it('refuses to enlarge or take a short buffer', () => {
    expect(() =>
      areaResample(
        grey(4, 4, () => 0),
        4,
        4,
        5,
        4,
      ),
    ).toThrow(RangeError);
    expect(() => areaResample(new Uint8ClampedArray(8), 4, 4, 2, 2)).toThrow(RangeError);
  });
});

describe('shrinkTarget', () => {
  it('shrinks to the shown size, never enlarges, skips a shrink under 5%', () => {
    expect(shrinkTarget(960, 1358, 480.4, 679)).toEqual({ width: 480, height: 679 });
    expect(shrinkTarget(960, 1358, 1920, 2716)).toBeUndefined();
    expect(shrinkTarget(960, 1358, 930, 1316)).toBeUndefined();
    expect(shrinkTarget(960, 1358, 900, 1273)).toEqual({ width: 900, height: 1273 });
    // A wide page shown narrower only: its height is kept.
    expect(shrinkTarget(960, 1358, 600, 2000)).toEqual({ width: 600, height: 1358 });
    expect(shrinkTarget(960, 1358, 0, 0)).toBeUndefined();
  });
});

describe('areaResampleRows', () => {
  it('gives the same pixels read in bands of any height as from the whole image', () => {
    const src = grey(37, 101, (x, y) => (x * 31 + y * 17 + ((x * y) % 13)) % 256);
    const whole = areaResample(src, 37, 101, 11, 29);
    for (const band of [1, 3, 7, 50, 101]) {
      const reads: number[] = [];
      const out = areaResampleRows(
        (y0, y1) => {
          reads.push(y1 - y0);
          return src.slice(y0 * 37 * 4, y1 * 37 * 4);
        },
        37,
        101,
        11,
        29,
        band,
      );
      expect([...out]).toEqual([...whole]);
      // Each row read once.
      expect(reads.reduce((a, b) => a + b, 0)).toBe(101);
    }
  });
});
