/**
 * The composition root of viewer sessions: the browser's clock, the stored
 * reader choices, Pixi's renderer, the app's decode pool and chapter
 * prefetch, the first pages drawn before the app loaded, analytics — with
 * whatever an embedding page supplied through the session registry
 * (src/viewer/session/registry.ts) laid over them.
 */
import { viewerQueryKey } from '../../lib/prefs';
import { track } from '../../analytics';
import { dismissFirstPage, firstPageCanvas } from '../../boot/chapterStartHandOver';
import { saveResumePosition, saveViewerMode, storedResumePosition, storedViewerMode } from '../../lib/storage';
import { loadMangaViewer } from '../../viewer/api';
import { browserClock } from '../../viewer/browserClock';
import { CACHE } from '../../viewer/cachePolicy';
import { decodePool } from '../../viewer/decodePool';
import { prefetchChapter } from '../../viewer/prefetch';
import { PageRenderer } from '../../viewer/renderer';
import type { ViewerEnvironment, ViewerStoragePort } from '../../viewer/session/environment';
import { viewerEnvironmentOverrides } from '../../viewer/session/overrides';

/** The stored reader choices the session reads and saves, from the one storage module. */
const storage: ViewerStoragePort = { storedViewerMode, saveViewerMode, storedResumePosition, saveResumePosition };

export function viewerEnvironment(): ViewerEnvironment {
  const o = viewerEnvironmentOverrides();
  const pool = decodePool();
  return {
    clocks: { navBar: browserClock, toast: browserClock, inertia: browserClock, frames: browserClock, ...o.clocks },
    storage,
    createRenderer: (bitmapOf) => new PageRenderer(bitmapOf),
    rendererOptions: { background: 0x111111, preserveDrawingBuffer: false, ...o.rendererOptions },
    cache: o.cache ?? CACHE,
    pool,
    prefetchChapter: (chapterId, quality) =>
      prefetchChapter(viewerQueryKey(chapterId, quality), () => loadMangaViewer(chapterId, quality), pool),
    firstPages: { canvas: firstPageCanvas, dismiss: dismissFirstPage },
    track,
  };
}
