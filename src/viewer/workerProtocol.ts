/** Messages between the viewer and its decode workers. */
import type { ImageCrop } from '../../core/viewer/crop';
import type { UploadForm } from './gpuUpload';
import type { PageImage } from './pageImage';

export interface LoadRequest {
  type: 'load';
  id: number;
  url: string;
  key: string;
  /**
   * The size (device px) the whole image is drawn at: a larger image comes
   * back shrunk to it with an area filter (core/viewer/resample.ts); a smaller
   * one, or none given, at its own size (the GPU enlarges).
   */
  targetWidth?: number;
  targetHeight?: number;
  /** Measure the image's white or black border (core/viewer/crop.ts) and send it with the bitmap. */
  measureCrop?: boolean;
  /** The image comes back in tiles (core/viewer/tiles.ts) at most this many px a side (the GPU's texture limit)... */
  maxSide?: number;
  /** ...and of at most this many pixels (one tile uploaded a frame). */
  maxArea?: number;
  /** A page already decoded (on the main thread, before the app loaded): shrunk, measured and tiled, nothing fetched. */
  bitmap?: ImageBitmap;
  /** The form the tiles come back in (gpuUpload.ts): bitmaps, or RGBA bytes. */
  form: UploadForm;
}

/** The renderer's probe of this engine's uploads (gpuUpload.ts): cropped bitmaps of a known picture. */
interface ProbeRequest {
  type: 'probe';
  id: number;
}

/** Where each probe bitmap was cut from, and the colour every one of its pixels has there. */
export interface ProbeTile {
  bitmap: ImageBitmap;
  rgb: [number, number, number];
}

/** A thumbnail sheet (core/viewer/pageThumbs.ts): fetched and decrypted, sent back as an image Blob the page shows as it is. */
interface ThumbsRequest {
  type: 'thumbs';
  id: number;
  url: string;
  key: string;
}

export type WorkerRequest = LoadRequest | ProbeRequest | ThumbsRequest | { type: 'abort'; id: number };

export type WorkerReply =
  | { type: 'progress'; id: number; loaded: number; total: number }
  | {
      type: 'done';
      id: number;
      /** The (shrunk) image in tiles, every tile's bitmap transferred. */
      image: PageImage;
      bytes: number;
      /** The decoded image's own size (the bitmap is smaller when it was shrunk). */
      width: number;
      height: number;
      /** Present when asked for (measureCrop). */
      crop?: ImageCrop;
    }
  | { type: 'probe'; id: number; tiles: ProbeTile[] }
  | { type: 'thumbs'; id: number; blob: Blob }
  | { type: 'error'; id: number; message: string }
  | { type: 'aborted'; id: number };
