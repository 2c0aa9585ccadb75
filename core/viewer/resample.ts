/**
 * Area (box) filter downscaling of RGBA pixels: each output pixel is the
 * mean of the source area it covers, source pixels cut by the area's edge
 * counted by the share that lies inside it. This is what a page printed
 * smaller looks like: screentone dots and fine lines average to their grey
 * instead of aliasing into moiré. The decode worker runs it on a decoded page
 * before handing it to the renderer (src/viewer/decode.worker.ts); the print
 * quality benchmark uses it as its reference.
 *
 * Separable (along each source row, then down the columns), so the cost is
 * about two multiply-adds per source pixel and channel. Channels are averaged as stored (sRGB values,
 * straight alpha), as browsers and sharp resize; pages are opaque.
 */

/** The source pixels each output pixel of one axis covers, with their weights (summing to 1). */
interface Taps {
  first: Int32Array;
  count: Int32Array;
  weights: Float32Array;
  /** Index into weights of each output pixel's first weight. */
  offset: Int32Array;
}

function taps(src: number, dst: number): Taps {
  const ratio = src / dst;
  const first = new Int32Array(dst);
  const count = new Int32Array(dst);
  const offset = new Int32Array(dst);
  const weights: number[] = [];
  for (let o = 0; o < dst; o++) {
    const a = o * ratio;
    const b = Math.min(src, (o + 1) * ratio);
    const i0 = Math.floor(a);
    const i1 = Math.min(src, Math.ceil(b));
    first[o] = i0;
    offset[o] = weights.length;
    let n = 0;
    for (let i = i0; i < i1; i++) {
      const w = (Math.min(b, i + 1) - Math.max(a, i)) / ratio;
      if (w <= 0) continue;
      weights.push(w);
      n++;
    }
    count[o] = n;
  }
  return { first, count, weights: Float32Array.from(weights), offset };
}

/** Source rows [y0, y1) as RGBA (a band of the image: the whole need never be in memory at once). */
export type RowReader = (y0: number, y1: number) => Uint8ClampedArray;

function check(sw: number, sh: number, dw: number, dh: number): void {
  if (dw < 1 || dh < 1 || dw > sw || dh > sh || !Number.isInteger(dw) || !Number.isInteger(dh))
    throw new RangeError(`areaResample: ${sw} x ${sh} cannot shrink to ${dw} x ${dh}`);
}

/**
 * An sw x sh RGBA image, read in bands of `band` rows, averaged down to
 * dw x dh (each between 1 and the source's: this filter only shrinks).
 * Memory beside the output: one band and two rows of the output's width
 * (a tall webtoon strip is never held whole).
 */
export function areaResampleRows(
  read: RowReader,
  sw: number,
  sh: number,
  dw: number,
  dh: number,
  band = 512,
): Uint8ClampedArray<ArrayBuffer> {
  check(sw, sh, dw, dh);
  const h = taps(sw, dw);
  const v = taps(sh, dh);
  const line = new Float32Array(dw * 4);
  const acc = new Float32Array(dw * 4);
  const dst = new Uint8ClampedArray(dw * dh * 4);
  let rows: Uint8ClampedArray = new Uint8ClampedArray(0);
  let b0 = 0;
  let b1 = 0;
  let lineY = -1;
  /** Source row y filtered along x into `line` (kept: the next output row often starts on it). */
  const filterRow = (y: number) => {
    if (y === lineY) return;
    if (y >= b1) {
      b0 = y;
      b1 = Math.min(sh, y + band);
      rows = read(b0, b1);
      if (rows.length < (b1 - b0) * sw * 4) throw new RangeError(`areaResample: ${rows.length} bytes for rows ${b0}..${b1} of ${sw} px`);
    }
    const row = (y - b0) * sw * 4;
    for (let o = 0; o < dw; o++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let p = row + h.first[o] * 4;
      const k1 = h.offset[o] + h.count[o];
      for (let k = h.offset[o]; k < k1; k++, p += 4) {
        const w = h.weights[k];
        r += rows[p] * w;
        g += rows[p + 1] * w;
        b += rows[p + 2] * w;
        a += rows[p + 3] * w;
      }
      const q = o * 4;
      line[q] = r;
      line[q + 1] = g;
      line[q + 2] = b;
      line[q + 3] = a;
    }
    lineY = y;
  };
  for (let o = 0; o < dh; o++) {
    acc.fill(0);
    const k0 = v.offset[o];
    for (let k = 0; k < v.count[o]; k++) {
      filterRow(v.first[o] + k);
      const w = v.weights[k0 + k];
      for (let x = 0; x < acc.length; x++) acc[x] += line[x] * w;
    }
    // Uint8ClampedArray rounds to the nearest integer and clamps.
    dst.set(acc, o * acc.length);
  }
  return dst;
}

/** `src` (sw x sh RGBA, whole) averaged down to dw x dh. */
export function areaResample(src: Uint8ClampedArray, sw: number, sh: number, dw: number, dh: number): Uint8ClampedArray<ArrayBuffer> {
  if (src.length < sw * sh * 4) throw new RangeError(`areaResample: ${src.length} bytes for ${sw} x ${sh} RGBA`);
  check(sw, sh, dw, dh);
  return areaResampleRows((y0, y1) => src.subarray(y0 * sw * 4, y1 * sw * 4), sw, sh, dw, dh, sh);
}

/**
 * The size to shrink an image of w x h to so that it is drawn at (about)
 * tw x th device pixels, or undefined when it needs no shrinking: never
 * larger than the image (the GPU enlarges), and not for a shrink under 5%
 * (no visible aliasing there, and the cost and blur of a resample buy nothing).
 */
export function shrinkTarget(w: number, h: number, tw: number, th: number): { width: number; height: number } | undefined {
  if (!(tw > 0) || !(th > 0) || !(w > 0) || !(h > 0)) return undefined;
  const width = Math.max(1, Math.min(w, Math.round(tw)));
  const height = Math.max(1, Math.min(h, Math.round(th)));
  if (width > w * 0.95 && height > h * 0.95) return undefined;
  return { width, height };
}
