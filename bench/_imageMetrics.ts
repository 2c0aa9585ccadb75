/**
 * Image comparison for bench/printQuality: PSNR and SSIM on luma (BT.601
 * weights) of two RGBA images of the same size. SSIM (Wang et al. 2004) is
 * computed over 8 x 8 windows every 4 pixels, with the usual constants
 * (K1 = 0.01, K2 = 0.03, L = 255), and averaged over the windows.
 */

export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

function luma(img: Rgba): Float64Array {
  const n = img.width * img.height;
  const out = new Float64Array(n);
  for (let i = 0, p = 0; i < n; i++, p += 4) out[i] = 0.299 * img.data[p] + 0.587 * img.data[p + 1] + 0.114 * img.data[p + 2];
  return out;
}

function sameSize(a: Rgba, b: Rgba): void {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`${a.width} x ${a.height} against ${b.width} x ${b.height}`);
}

/** Peak signal-to-noise ratio of the luma, dB (Infinity when equal). */
export function psnr(a: Rgba, b: Rgba): number {
  sameSize(a, b);
  const x = luma(a);
  const y = luma(b);
  let se = 0;
  for (let i = 0; i < x.length; i++) se += (x[i] - y[i]) ** 2;
  const mse = se / x.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

const WIN = 8;
const STEP = 4;
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

/** Mean structural similarity of the luma over 8 x 8 windows (1 = equal). */
export function ssim(a: Rgba, b: Rgba): number {
  sameSize(a, b);
  const x = luma(a);
  const y = luma(b);
  const w = a.width;
  const n = WIN * WIN;
  let sum = 0;
  let windows = 0;
  for (let y0 = 0; y0 + WIN <= a.height; y0 += STEP) {
    for (let x0 = 0; x0 + WIN <= w; x0 += STEP) {
      let sx = 0;
      let sy = 0;
      let sxx = 0;
      let syy = 0;
      let sxy = 0;
      for (let j = 0; j < WIN; j++) {
        for (let i = 0, p = (y0 + j) * w + x0; i < WIN; i++, p++) {
          const u = x[p];
          const v = y[p];
          sx += u;
          sy += v;
          sxx += u * u;
          syy += v * v;
          sxy += u * v;
        }
      }
      const mx = sx / n;
      const my = sy / n;
      // Sample (co)variances, as the reference implementation.
      const vx = (sxx - n * mx * mx) / (n - 1);
      const vy = (syy - n * my * my) / (n - 1);
      const cxy = (sxy - n * mx * my) / (n - 1);
      sum += ((2 * mx * my + C1) * (2 * cxy + C2)) / ((mx * mx + my * my + C1) * (vx + vy + C2));
      windows++;
    }
  }
  return windows ? sum / windows : 1;
}
