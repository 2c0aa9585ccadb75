/**
 * A decoded page as the page store holds it and the renderer draws it: its
 * size (the bitmap's: smaller than the image when the decode worker shrank it
 * to the size drawn) and its tiles, one for a page that fits a texture, or
 * several cut from the bitmap for a page larger than the texture limit.
 */
import { needsTiles, tileRects, type TileRect } from '../../core/viewer/tiles';
import { textureLimit } from './textureLimit';

/** One piece of a page image: where it sits in the image (px) and its pixels. */
interface PageTile extends TileRect {
  bitmap: ImageBitmap;
}

/** A decoded page: its size and its tiles (one, the whole image, when it fits a texture). */
export interface PageImage {
  width: number;
  height: number;
  tiles: readonly PageTile[];
}

export const closeImage = (p: PageImage) => p.tiles.forEach((t) => t.bitmap.close());

const whole = (bitmap: ImageBitmap): PageImage => {
  const { width, height } = bitmap;
  return { width, height, tiles: [{ x: 0, y: 0, w: width, h: height, bitmap }] };
};

/** The bitmap cut into tiles at most `max` a side; the whole is closed. */
async function cutTiles(bitmap: ImageBitmap, max: number): Promise<PageImage> {
  const { width, height } = bitmap;
  try {
    const rects = tileRects(width, height, max);
    const bitmaps = await Promise.all(rects.map((r) => createImageBitmap(bitmap, r.x, r.y, r.w, r.h)));
    return { width, height, tiles: rects.map((r, k) => ({ ...r, bitmap: bitmaps[k] })) };
  } finally {
    bitmap.close();
  }
}

/** A decoded bitmap as the renderer takes it: whole at once, or (past the texture limit) in tiles, later. */
export function pageImageOf(bitmap: ImageBitmap): PageImage | Promise<PageImage> {
  const max = textureLimit();
  return needsTiles(bitmap.width, bitmap.height, max) ? cutTiles(bitmap, max) : whole(bitmap);
}
