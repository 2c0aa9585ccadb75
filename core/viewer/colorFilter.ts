/**
 * The colour filter's 4×5 matrix (rows r, g, b, a; columns r, g, b, a and an
 * offset in 0–1 units), as Pixi's ColorMatrixFilter applies it on the GPU.
 * Applied in reading order: grayscale, sepia, contrast, brightness, invert
 * (inverting last keeps brightness meaning "lighter page" before the flip).
 */
import type { ColorFilter } from './readerSettings';

type Matrix = number[];

const IDENTITY: Matrix = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];

/** b after a (both 4×5 affine colour matrices). */
function then(a: Matrix, b: Matrix): Matrix {
  const out = new Array<number>(20).fill(0);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 5; c++) {
      let v = c === 4 ? b[r * 5 + 4] : 0;
      for (let k = 0; k < 4; k++) v += b[r * 5 + k] * a[k * 5 + c];
      out[r * 5 + c] = v;
    }
  }
  return out;
}

// Rec. 709 luma.
const [LR, LG, LB] = [0.2126, 0.7152, 0.0722];
const GRAY: Matrix = [LR, LG, LB, 0, 0, LR, LG, LB, 0, 0, LR, LG, LB, 0, 0, 0, 0, 0, 1, 0];
// The usual sepia tone (as CSS sepia(1)).
const SEPIA: Matrix = [0.393, 0.769, 0.189, 0, 0, 0.349, 0.686, 0.168, 0, 0, 0.272, 0.534, 0.131, 0, 0, 0, 0, 0, 1, 0];
const INVERT: Matrix = [-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0];

function scaleAbout(k: number, pivot: number): Matrix {
  const o = pivot * (1 - k);
  return [k, 0, 0, 0, o, 0, k, 0, 0, o, 0, 0, k, 0, o, 0, 0, 0, 1, 0];
}

export function colorMatrix(f: ColorFilter): Matrix {
  let m = IDENTITY;
  if (f.grayscale) m = then(m, GRAY);
  if (f.sepia) m = then(m, SEPIA);
  if (f.contrast !== 100) m = then(m, scaleAbout(f.contrast / 100, 0.5));
  if (f.brightness !== 100) m = then(m, scaleAbout(f.brightness / 100, 0));
  if (f.invert) m = then(m, INVERT);
  return m;
}

/** The matrix applied to one 0–255 colour (tests and the CPU reference), clamped. */
export function applyColorMatrix(m: Matrix, rgb: [number, number, number]): [number, number, number] {
  const [r, g, b] = rgb.map((v) => v / 255) as [number, number, number];
  const ch = (row: number) =>
    Math.round(255 * Math.min(1, Math.max(0, m[row * 5] * r + m[row * 5 + 1] * g + m[row * 5 + 2] * b + m[row * 5 + 3] + m[row * 5 + 4])));
  return [ch(0), ch(1), ch(2)];
}
