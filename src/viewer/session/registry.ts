/**
 * The viewer sessions alive in this page, announced the way the inspector
 * announces actors, and the one extension point for a page that embeds the
 * app: environment overrides supplied before sessions are created (clocks,
 * renderer options, the cache window, the decode pool's size). The app reads
 * them when it builds a session's environment; the browser-test harness
 * (src/viewer/testing/harness.ts) is such a page.
 */
import type { RendererOptions } from '../renderer';
import type { CacheConfig } from '../cachePolicy';
import type { ViewerClocks } from './clock';
import type { ViewerSession } from './viewerSession';

interface ViewerEnvironmentOverrides {
  clocks?: Partial<ViewerClocks>;
  rendererOptions?: Partial<RendererOptions>;
  cache?: CacheConfig;
  /** Decode workers (the pool starts with the page: set before the app's entry runs). */
  poolSize?: number;
}

/** Called with each new session; what it returns runs when that session ends. */
type SessionListener = (session: ViewerSession) => (() => void) | void;

let overrides: ViewerEnvironmentOverrides = {};
const listeners = new Set<SessionListener>();

/** Overrides for every session created from now on (merged over earlier ones). */
export function provideViewerEnvironment(o: ViewerEnvironmentOverrides): void {
  overrides = { ...overrides, ...o };
}

export function viewerEnvironmentOverrides(): Readonly<ViewerEnvironmentOverrides> {
  return overrides;
}

export function onViewerSession(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The app announces a session it created; the returned function says it ended. */
export function announceViewerSession(session: ViewerSession): () => void {
  const ends = [...listeners].map((l) => l(session));
  return () => {
    for (const end of ends) end?.();
  };
}
