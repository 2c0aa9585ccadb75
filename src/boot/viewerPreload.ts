/**
 * What the routes start for /viewer/{id} before the viewer's code has loaded:
 * the decode workers, and the chapter's data and first pages (the page's
 * viewer services, viewerServices.ts, hold them for the session).
 */
import { DEFAULT_RESOLUTION, QUALITY_OF } from '../../core/viewer/imageQuality';
import { viewerQueryKey } from '../lib/prefs';
import { storedResolution } from '../lib/storage';
import { loadMangaViewer } from '../viewer/api';
import { viewerServices } from './viewerServices';

/** Starts the decode workers (their script loads while the app and the chapter data do). */
export function warmDecoders(): void {
  if (typeof Worker !== 'undefined') viewerServices().pool.warm();
}

/** Starts fetching a chapter's data and first pages at the stored resolution (idempotent). */
export function preloadChapter(chapterId: number): void {
  if (!(chapterId > 0) || typeof Worker === 'undefined') return;
  const quality = QUALITY_OF[storedResolution() ?? DEFAULT_RESOLUTION];
  warmDecoders();
  viewerServices().prefetch.chapter(viewerQueryKey(chapterId, quality), () => loadMangaViewer(chapterId, quality));
}
