/**
 * Pages larger than the GPU takes (WebGL's MAX_TEXTURE_SIZE; SwiftShader's
 * is 8192): an image wider or taller than `max` is cut into a grid of tiles,
 * each at most `max` on a side, drawn side by side so the page appears whole
 * (src/viewer/pageStore.ts cuts the bitmap, src/viewer/renderer.ts draws one
 * sprite per tile). Tiles are as even as the grid allows, so none is a thin
 * sliver.
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

/** Whether an image of this size needs cutting for a GPU that takes textures up to `max` on a side. */
export function needsTiles(width: number, height: number, max: number): boolean {
  return width > max || height > max;
}

/**
 * The tiles of a `width` x `height` image for textures at most `max` on a
 * side, row by row from the top left; one tile (the whole image) when it fits.
 */
export function tileRects(width: number, height: number, max: number): TileRect[] {
  if (!(width > 0 && height > 0)) return [];
  const limit = Math.max(1, Math.floor(max));
  const cols = spans(width, Math.ceil(width / limit));
  const rows = spans(height, Math.ceil(height / limit));
  return rows.flatMap(([y, h]) => cols.map(([x, w]) => ({ x, y, w, h })));
}
