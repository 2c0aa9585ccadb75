/** Messages between the viewer and its decode workers. */
import type { ImageCrop } from '../../core/viewer/crop';

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
}

export type WorkerRequest = LoadRequest | { type: 'abort'; id: number };

export type WorkerReply =
  | { type: 'progress'; id: number; loaded: number; total: number }
  | {
      type: 'done';
      id: number;
      bitmap: ImageBitmap;
      bytes: number;
      /** The decoded image's own size (the bitmap is smaller when it was shrunk). */
      width: number;
      height: number;
      /** Present when asked for (measureCrop). */
      crop?: ImageCrop;
    }
  | { type: 'error'; id: number; message: string }
  | { type: 'aborted'; id: number };
