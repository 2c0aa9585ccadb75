/**
 * bench/printQuality's pieces: decrypting a page, scoring its fine detail,
 * reading the viewer's canvas back, and the reference: the exact area
 * average of the full-size page over each canvas pixel of the rect it is
 * drawn in (fractional position and size included).
 */
import type { Rgba } from './_imageMetrics';

/** A page's rect on the viewer's canvas (canvas px). */
export interface DrawnRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function decrypt(enc: Buffer, keyHex: string): Buffer {
  const key = Buffer.from(keyHex, 'hex');
  const out = Buffer.alloc(enc.length);
  for (let i = 0; i < enc.length; i++) out[i] = enc[i] ^ key[i % key.length];
  return out;
}

export function fromBase64(b64: string): Uint8Array {
  const b = Buffer.from(b64, 'base64');
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

/** Mean absolute difference of neighbouring pixels' green channel: screentone and hatching score high. */
export function detail(img: Rgba): number {
  let s = 0;
  for (let y = 0; y < img.height; y++)
    for (let x = 1, p = (y * img.width + 1) * 4 + 1; x < img.width; x++, p += 4) s += Math.abs(img.data[p] - img.data[p - 4]);
  return s / (img.width * img.height);
}

/** The whole canvas pixels inside the rect: first index and count. */
function inside(at: number, size: number): [number, number] {
  const a = Math.ceil(at);
  return [a, Math.floor(at + size) - a];
}

/**
 * A page script (a string: tsx would wrap a function in helpers the page
 * lacks) taking an item: its drawn rect in canvas px and the canvas pixels
 * wholly inside it (the harness keeps the drawing buffer), RGBA in base64.
 */
export const READ_REGION = `(item) => {
  const r = window.__viewerDebug.rects().find((q) => q.item === item);
  const c = document.querySelector('canvas.viewer-canvas');
  const k = c.width / c.clientWidth;
  const rect = { x: r.x * k, y: r.y * k, w: r.w * k, h: r.h * k };
  const x0 = Math.ceil(rect.x), y0 = Math.ceil(rect.y);
  const w = Math.floor(rect.x + rect.w) - x0, h = Math.floor(rect.y + rect.h) - y0;
  const t = document.createElement('canvas');
  t.width = w; t.height = h;
  const g = t.getContext('2d');
  g.drawImage(c, x0, y0, w, h, 0, 0, w, h);
  const d = g.getImageData(0, 0, w, h).data;
  let s = '';
  for (let i = 0; i < d.length; i += 32768) s += String.fromCharCode.apply(null, d.subarray(i, i + 32768));
  return { rect, x0, y0, w, h, b64: btoa(s) };
}`;

/** Per output pixel of one axis: the source pixels it covers and their shares. */
function axis(srcSize: number, at: number, size: number, first: number, count: number): { i: number; w: number }[][] {
  const k = srcSize / size;
  const out: { i: number; w: number }[][] = [];
  for (let o = 0; o < count; o++) {
    const a = Math.max(0, (first + o - at) * k);
    const b = Math.min(srcSize, (first + o + 1 - at) * k);
    const taps: { i: number; w: number }[] = [];
    for (let i = Math.floor(a); i < Math.ceil(b); i++) taps.push({ i, w: (Math.min(b, i + 1) - Math.max(a, i)) / (b - a) });
    out.push(taps);
  }
  return out;
}

/** The reference for the canvas pixels inside `rect` (see inside()): each the mean of the page area under it. */
export function areaReference(full: Rgba, rect: DrawnRect, w: number, h: number): Rgba {
  const [x0] = inside(rect.x, rect.w);
  const [y0] = inside(rect.y, rect.h);
  const xs = axis(full.width, rect.x, rect.w, x0, w);
  const ys = axis(full.height, rect.y, rect.h, y0, h);
  const mid = new Float64Array(w * full.height * 4);
  for (let y = 0; y < full.height; y++)
    for (let o = 0; o < w; o++)
      for (const { i, w: share } of xs[o])
        for (let c = 0; c < 4; c++) mid[(y * w + o) * 4 + c] += full.data[(y * full.width + i) * 4 + c] * share;
  const acc = new Float64Array(w * h * 4);
  for (let o = 0; o < h; o++)
    for (const { i, w: share } of ys[o]) for (let x = 0; x < w * 4; x++) acc[o * w * 4 + x] += mid[i * w * 4 + x] * share;
  const data = new Uint8ClampedArray(w * h * 4);
  data.set(acc);
  return { width: w, height: h, data };
}
