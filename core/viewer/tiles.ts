/**
 * A page image in tiles, drawn side by side so the page appears whole
 * (src/viewer/decode.worker.ts cuts the bitmap, src/viewer/renderer.ts draws
 * one sprite per tile and uploads one tile a frame). Two reasons to cut: an
 * image wider or taller than the GPU takes (WebGL's MAX_TEXTURE_SIZE;
 * SwiftShader's is 8192), and the upload of one texture, which blocks the
 * main thread for a time that grows with its pixels (tens of ms for a page
 * without a GPU): tiles of at most `maxArea` pixels spread a page's upload
 * over frames. Tiles are as even as the grid allows, so none is a thin sliver.
 */
export interface TileRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Splits `size` into `n` spans that differ by at most one pixel, in order. */
function spans(size: number, n: number): Array<[start: number, length: number]> {
  const out: Array<[number, number]> = [];
  let at = 0;
  for (let k = 0; k < n; k++) {
    const end = Math.round(((k + 1) * size) / n);
    out.push([at, end - at]);
    at = end;
  }
  return out;
}

/** Whether an image of this size needs cutting for textures up to `max` on a side and `maxArea` pixels. */
export function needsTiles(width: number, height: number, max: number, maxArea = Infinity): boolean {
  return width > max || height > max || width * height > maxArea;
}

/**
 * The tiles of a `width` x `height` image for textures at most `max` on a
 * side and (when given) `maxArea` pixels, in bands across the image's whole
 * width where the side limit allows, row by row from the top left; one tile
 * (the whole image) when it fits.
 */
export function tileRects(width: number, height: number, max: number, maxArea = Infinity): TileRect[] {
  if (!(width > 0 && height > 0)) return [];
  const limit = Math.max(1, Math.floor(max));
  const cols = spans(width, Math.ceil(width / limit));
  const colWidth = Math.ceil(width / cols.length);
  const byArea = Number.isFinite(maxArea) ? Math.ceil(height / Math.max(1, Math.floor(maxArea / colWidth))) : 1;
  const rows = spans(height, Math.max(Math.ceil(height / limit), byArea));
  return rows.flatMap(([y, h]) => cols.map(([x, w]) => ({ x, y, w, h })));
}

/**
 * The pixels of tile `r` of an RGBA image `width` px wide (rows top first, 4 bytes a pixel): a
 * view of the image's own bytes for a band across its whole width (no copy), its rows copied
 * for a tile narrower than the image.
 */
export function tilePixels(rgba: Uint8ClampedArray, width: number, r: TileRect): Uint8ClampedArray {
  const row = width * 4;
  if (r.x === 0 && r.w === width) return rgba.subarray(r.y * row, (r.y + r.h) * row);
  const out = new Uint8ClampedArray(r.w * r.h * 4);
  for (let y = 0; y < r.h; y++) {
    const from = (r.y + y) * row + r.x * 4;
    out.set(rgba.subarray(from, from + r.w * 4), y * r.w * 4);
  }
  return out;
}
