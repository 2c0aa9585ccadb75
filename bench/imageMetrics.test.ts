import { describe, expect, it } from 'vitest';
import { psnr, ssim, type Rgba } from './_imageMetrics';

function grey(w: number, h: number, at: (x: number, y: number) => number): Rgba {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set([at(x, y), at(x, y), at(x, y), 255], (y * w + x) * 4);
  return { width: w, height: h, data };
}
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

describe('psnr', () => {
  it('is infinite for equal images and 10·log10(255²/MSE) otherwise', () => {
    const a = grey(16, 16, (x) => x * 10);
    expect(psnr(a, a)).toBe(Infinity);
    // Every pixel off by 5: MSE 25.
    expect(
      psnr(
        a,
        grey(16, 16, (x) => x * 10 + 5),
      ),
    ).toBeCloseTo(10 * Math.log10((255 * 255) / 25), 6);
  });

  it('refuses images of different sizes', () => {
    expect(() =>
      psnr(
        grey(4, 4, () => 0),
        grey(4, 5, () => 0),
      ),
    ).toThrow();
  });
});

describe('ssim', () => {
  it('is 1 for equal images', () => {
    const a = grey(32, 24, (x, y) => (x * 7 + y * 13) % 256);
    expect(ssim(a, a)).toBeCloseTo(1, 12);
  });

  it('of two flat images is the luminance term (2ab + C1) / (a² + b² + C1)', () => {
    const expected = (2 * 100 * 150 + C1) / (100 * 100 + 150 * 150 + C1);
    expect(
      ssim(
        grey(16, 16, () => 100),
        grey(16, 16, () => 150),
      ),
    ).toBeCloseTo(expected, 10);
  });

  it('of a 1-px stripe pattern against its negative is (-2σ² + C2) / (2σ² + C2)', () => {
    // Stripes of 0 and 255: the same mean and variance in every 8 x 8 window, covariance -σ².
    const a = grey(16, 16, (x) => (x % 2 ? 255 : 0));
    const b = grey(16, 16, (x) => (x % 2 ? 0 : 255));
    const s2 = (255 * 255 * 64) / 4 / 63; // sample variance of 32 zeros and 32 × 255
    expect(ssim(a, b)).toBeCloseTo((-2 * s2 + C2) / (2 * s2 + C2), 10);
  });

  it('scores stripes against their flat grey average low, and against slightly noisy stripes high', () => {
    const stripes = grey(32, 32, (x) => (x % 2 ? 255 : 0));
    expect(
      ssim(
        stripes,
        grey(32, 32, () => 128),
      ),
    ).toBeLessThan(0.05);
    expect(
      ssim(
        stripes,
        grey(32, 32, (x, y) => (x % 2 ? 250 : 5) + ((x + y) % 3)),
      ),
    ).toBeGreaterThan(0.99);
  });
});
