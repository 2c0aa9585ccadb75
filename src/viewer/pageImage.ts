/**
 * A decoded page as the page store holds it and the renderer draws it: its
 * size (the bitmap's: smaller than the image when the decode worker shrank it
 * to the size drawn) and its tiles (core/viewer/tiles.ts), cut by the decode
 * worker: one for a small page, several for a page larger than the texture
 * limit or than one upload.
 */
import type { TileRect } from '../../core/viewer/tiles';

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
