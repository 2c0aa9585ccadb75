/**
 * The composition root of viewer sessions: the browser's clock, the stored
 * reader choices, settings and controls, the system's reduced-motion preference, Pixi's renderer, and
 * the page's viewer services (src/boot/viewerServices.ts: the decode pool, texture limit, chapter
 * prefetch, the first pages drawn before the app loaded), analytics — with whatever an embedding page
 * supplied (src/viewer/session/registry.ts) laid over them. A session reaches all of it only through
 * the ViewerEnvironment made here.
 */
import { viewerQueryKey } from '../../lib/prefs';
import { track } from '../../analytics';
import { viewerServices } from '../../boot/viewerServices';
import * as stored from '../../lib/storage';
import { loadMangaViewer } from '../../viewer/api';
import { browserClock } from '../../viewer/browserClock';
import { CACHE } from '../../viewer/cachePolicy';
import { PageRenderer } from '../../viewer/renderer';
import type { MotionPort, ViewerEnvironment, ViewerStoragePort } from '../../viewer/session/environment';
import type { ViewerEnvironmentOverrides } from '../../viewer/session/registry';
import type { ViewerSession } from '../../viewer/session/viewerSession';

/**
 * The stored reader choices the session reads and saves, from the one storage module; reader
 * settings an embedding page supplied (`settings`) lie over the stored ones.
 */
function storagePort(o: ViewerEnvironmentOverrides['settings'] = {}): ViewerStoragePort {
  const { fit, portrait, landscape, firstPageAlone, autoCrop, spreadOffset, filter } = o;
  const display = { fit, portrait, landscape, firstPageAlone, autoCrop };
  const given = <T extends object>(x: T) => Object.fromEntries(Object.entries(x).filter(([, v]) => v !== undefined)) as Partial<T>;
  return {
    storedViewerMode: stored.storedViewerMode,
    saveViewerMode: stored.saveViewerMode,
    storedResumePosition: stored.storedResumePosition,
    saveResumePosition: stored.saveResumePosition,
    storedDisplaySettings: () => ({ ...stored.storedDisplaySettings(), ...given(display) }),
    saveDisplaySettings: stored.saveDisplaySettings,
    storedTitleSettings: (titleId) => ({ ...stored.storedTitleSettings(titleId), ...given({ spreadOffset, filter }) }),
    saveTitleSettings: stored.saveTitleSettings,
    storedControls: stored.storedControls,
    saveControls: stored.saveControls,
  };
}

/** prefers-reduced-motion, as it changes. */
function systemMotion(): MotionPort {
  const q = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  return {
    reduced: () => !!q?.matches,
    onChange: (fn) => {
      const f = (e: MediaQueryListEvent) => fn(e.matches);
      q?.addEventListener('change', f);
      return () => q?.removeEventListener('change', f);
    },
  };
}

/**
 * The canvas: the reader's dark background; while the camera moves, the pages drawn at half the
 * resolution, and whole again once it has been still for 100 ms (src/viewer/motionScale.ts).
 */
const RENDERER_OPTIONS = { background: 0x111111, preserveDrawingBuffer: false, movingResolution: 0.5, settleMs: 100 };

export function viewerEnvironment(): ViewerEnvironment {
  const { embedding, pool, prefetch, gpu, firstPages } = viewerServices();
  const o = embedding.overrides ?? {};
  const b = browserClock;
  const clocks = { navBar: b, toast: b, inertia: b, frames: b, gestures: b, ...o.clocks };
  return {
    clocks,
    storage: storagePort(o.settings),
    motion: systemMotion(),
    createRenderer: (bitmapOf) => new PageRenderer(bitmapOf, clocks.frames, gpu, () => pool.probe()),
    rendererOptions: { ...RENDERER_OPTIONS, ...o.rendererOptions },
    cache: o.cache ?? CACHE,
    pool,
    prefetchChapter: (chapterId, quality) =>
      prefetch.chapter(viewerQueryKey(chapterId, quality), () => loadMangaViewer(chapterId, quality)),
    takePrefetched: (url) => prefetch.takePage(url),
    firstPages,
    track,
  };
}

/** Tells the embedding page (if any) of a new session; the returned function says it ended. */
export function announceViewerSession(session: ViewerSession): () => void {
  const end = viewerServices().embedding.onSession?.(session);
  return () => end?.();
}
