/**
 * The one extension point for a page that embeds the app: environment
 * overrides supplied before viewer sessions are created (clocks, renderer
 * options, the cache window, the decode pool's size, a lower texture limit,
 * the reader settings a session starts with).
 * The app reads them when it builds a session's environment
 * (src/screens/viewer/viewerEnvironment.ts), the decode pool its size and
 * src/viewer/textureLimit.ts the texture limit; the browser-test harness
 * (src/viewer/testing/harness.ts) is such a page.
 */
import type { RendererOptions } from './environment';
import type { CacheConfig } from '../cachePolicy';
import type { ReaderSettings } from '../../../core/viewer/readerSettings';
import type { ViewerClocks } from './clock';

export interface ViewerEnvironmentOverrides {
  clocks?: Partial<ViewerClocks>;
  rendererOptions?: Partial<RendererOptions>;
  cache?: CacheConfig;
  /** Decode workers (the pool starts with the page: set before the app's entry runs). */
  poolSize?: number;
  /** A texture limit below the GPU's (px a side): pages larger than it are cut into tiles (core/viewer/tiles.ts). */
  maxTextureSize?: number;
  /** Reader settings the session starts with, over the stored ones (browser tests). */
  settings?: Partial<ReaderSettings>;
}

let overrides: ViewerEnvironmentOverrides = {};

/** Overrides for every session created from now on (merged over earlier ones). */
export function provideViewerEnvironment(o: ViewerEnvironmentOverrides): void {
  overrides = { ...overrides, ...o };
}

export function viewerEnvironmentOverrides(): Readonly<ViewerEnvironmentOverrides> {
  return overrides;
}
