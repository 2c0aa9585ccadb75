/**
 * The one extension point for a page that embeds the app (the browser-test
 * harness, src/viewer/testing/harness.ts, is one): before the app's entry
 * runs, it sets `window.__viewerEmbedding` to what it supplies. The app reads
 * it once, when it makes the page's viewer services
 * (src/boot/viewerServices.ts: the decode pool's size, the texture limit,
 * the tiles' upload form)
 * and each session's environment (src/screens/viewer/viewerEnvironment.ts:
 * clocks, renderer options, the cache window, reader settings), and tells
 * its `onSession` of each session it creates. Nothing in src/viewer reads it:
 * a session gets all of it through its ViewerEnvironment.
 */
import type { RendererOptions } from './environment';
import type { CacheConfig } from '../cachePolicy';
import type { ReaderSettings } from '../../../core/viewer/readerSettings';
import type { ViewerClocks } from './clock';
import type { ViewerSession } from './viewerSession';
import type { UploadForm } from '../gpuUpload';

export interface ViewerEnvironmentOverrides {
  clocks?: Partial<ViewerClocks>;
  rendererOptions?: Partial<RendererOptions>;
  cache?: CacheConfig;
  /** Decode workers (the pool starts with the page: set before the app's entry runs). */
  poolSize?: number;
  /** A texture limit below the GPU's (px a side): pages larger than it are cut into tiles (core/viewer/tiles.ts). */
  maxTextureSize?: number;
  /** The form tiles are uploaded in (src/viewer/gpuUpload.ts), no probe: tests show what each form draws in each engine. */
  uploadForm?: UploadForm;
  /** Reader settings the session starts with, over the stored ones (browser tests). */
  settings?: Partial<ReaderSettings>;
}

/** Called with each new session; what it returns runs when that session ends. */
type SessionListener = (session: ViewerSession) => (() => void) | void;

export interface ViewerEmbedding {
  overrides?: ViewerEnvironmentOverrides;
  onSession?: SessionListener;
}

declare global {
  interface Window {
    /** What a page embedding the app supplies to its viewer (read once, at the first use of the viewer's services). */
    __viewerEmbedding?: ViewerEmbedding;
  }
}
