/**
 * A decoded page as the page store holds it and the renderer draws it: its
 * size (the bitmap's: smaller than the image when the decode worker shrank it
 * to the size drawn) and its tiles (core/viewer/tiles.ts), cut by the decode
 * worker: one for a small page, several for a page larger than the texture
 * limit or than one upload. A tile's pixels come as an ImageBitmap or as RGBA
 * bytes, whichever this engine uploads right (gpuUpload.ts).
 */
import type { TileRect } from '../../core/viewer/tiles';

/**
 * Pixels of one tile at most (1 MiB): the decode worker cuts larger pages in bands of this size so
 * the renderer uploads a page over several frames (a texture upload blocks the main thread for a
 * time that grows with its pixels: about 60-200 ms for a 1440 x 2016 page under SwiftShader).
 */
export const UPLOAD_TILE_AREA = 512 * 512;

/**
 * A tile's pixels: a bitmap, or its rows as RGBA bytes (w x h x 4, top row first; several tiles'
 * rows may be views of one buffer the worker transferred).
 */
type TilePixels = ImageBitmap | Uint8ClampedArray;

/** One piece of a page image: where it sits in the image (px) and its pixels. */
interface PageTile extends TileRect {
  pixels: TilePixels;
}

/** A decoded page: its size and its tiles (one, the whole image, when it fits a texture). */
export interface PageImage {
  width: number;
  height: number;
  tiles: readonly PageTile[];
}

/** Frees the image's bitmaps now (bytes are freed with their last reference). */
export const closeImage = (p: PageImage) => p.tiles.forEach((t) => ArrayBuffer.isView(t.pixels) || t.pixels.close());
