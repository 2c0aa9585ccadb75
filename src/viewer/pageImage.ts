/**
 * A decoded page as the page store holds it and the renderer draws it: its
 * size (the bitmap's: smaller than the image when the decode worker shrank it
 * to the size drawn) and its tiles, one for a page that fits a texture, or
 * several cut from the bitmap for a page larger than the texture limit.
 */
import { needsTiles, tileRects, type TileRect } from '../../core/viewer/tiles';
import { textureLimit } from './textureLimit';

/**
 * Pixels of one tile at most (1 MiB): the decode worker cuts larger pages in bands of this size so
 * the renderer uploads a page over several frames (a texture upload blocks the main thread for a
 * time that grows with its pixels: about 60-200 ms for a 1440 x 2016 page under SwiftShader).
 */
export const UPLOAD_TILE_AREA = 512 * 512;

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
async function cutTiles(bitmap: ImageBitmap, max: number, area: number): Promise<PageImage> {
  const { width, height } = bitmap;
  try {
    const rects = tileRects(width, height, max, area);
    const bitmaps = await Promise.all(rects.map((r) => createImageBitmap(bitmap, r.x, r.y, r.w, r.h)));
    return { width, height, tiles: rects.map((r, k) => ({ ...r, bitmap: bitmaps[k] })) };
  } finally {
    bitmap.close();
  }
}

/** A bitmap decoded on this thread (the first pages drawn before the app loaded) as the renderer takes it. */
export function pageImageOf(bitmap: ImageBitmap): PageImage | Promise<PageImage> {
  const max = textureLimit();
  const area = UPLOAD_TILE_AREA;
  return needsTiles(bitmap.width, bitmap.height, max, area) ? cutTiles(bitmap, max, area) : whole(bitmap);
}
