/**
 * The composition root of viewer sessions: the browser's clock, the stored
 * reader choices, settings and controls, the system's reduced-motion preference, Pixi's renderer, the app's decode pool and chapter
 * prefetch, the first pages drawn before the app loaded, analytics — with
 * whatever an embedding page supplied through the session registry
 * (src/viewer/session/registry.ts) laid over them.
 */
import { viewerQueryKey } from '../../lib/prefs';
import { track } from '../../analytics';
import { dismissFirstPage, firstPageCanvas } from '../../boot/chapterStartHandOver';
import * as stored from '../../lib/storage';
import { loadMangaViewer } from '../../viewer/api';
import { browserClock } from '../../viewer/browserClock';
import { CACHE } from '../../viewer/cachePolicy';
import { decodePool } from '../../viewer/decodePool';
import { prefetchChapter } from '../../viewer/prefetch';
import { PageRenderer } from '../../viewer/renderer';
import type { MotionPort, ViewerEnvironment, ViewerStoragePort } from '../../viewer/session/environment';
import { viewerEnvironmentOverrides, type ViewerEnvironmentOverrides } from '../../viewer/session/overrides';

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

export function viewerEnvironment(): ViewerEnvironment {
  const o = viewerEnvironmentOverrides();
  const pool = decodePool();
  return {
    clocks: { navBar: browserClock, toast: browserClock, inertia: browserClock, frames: browserClock, ...o.clocks },
    storage: storagePort(o.settings),
    motion: systemMotion(),
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
