/**
 * The viewer's chapter data call and its stored choices, kept out of the
 * viewer's code chunk so the route can start loading the chapter the moment
 * /viewer/{id} is matched (see preloadChapter).
 */
import { QUALITY_OF, type ImgQuality, type Resolution } from '../../machines/pageResolutionMachine';
import { call, ApiCallError } from '../api/client';
import type { MangaViewer } from '../gen/manga/v1/viewer_pb';
import { getContentLangs } from '../lib/prefs';
import { STORAGE } from '../lib/storageKeys';
import { decodePool } from './decodePool';
import { prefetchChapter } from './prefetch';

export function storedResolution(): Resolution | null {
  const v = localStorage.getItem(STORAGE.pageResolution);
  return v === 'low' || v === 'medium' || v === 'high' ? v : null;
}

export function storedMode(): 'vertical' | 'horizontal' | null {
  const v = localStorage.getItem(STORAGE.viewerMode);
  return v === 'vertical' || v === 'horizontal' ? v : null;
}

export function viewerQueryKey(chapterId: number, quality: ImgQuality): string {
  return `${chapterId}:${quality}:${storedMode() ?? 'vertical'}:${getContentLangs().join(',')}`;
}

/** GET /api/manga_viewer (documents: section 7). */
export async function loadMangaViewer(chapterId: number, quality: ImgQuality, signal?: AbortSignal): Promise<MangaViewer> {
  const r = await call('/manga_viewer', {
    query: { chapter_id: chapterId, split: 'yes', img_quality: quality, viewer_mode: storedMode() ?? 'vertical', clang: getContentLangs().join(',') },
    ...(signal ? { signal } : {}),
  });
  if (r.data.case !== 'mangaViewer') throw new ApiCallError(undefined, 'unexpected view');
  return r.data.value;
}

/** Starts the decode workers (their script loads while the app and the chapter data do). */
export function warmDecoders(): void {
  if (typeof Worker !== 'undefined') decodePool().warm();
}

/** Starts fetching a chapter's data and first pages at the stored resolution (idempotent). */
export function preloadChapter(chapterId: number): void {
  if (!(chapterId > 0) || typeof Worker === 'undefined') return;
  const quality = QUALITY_OF[storedResolution() ?? 'medium'];
  warmDecoders();
  prefetchChapter(viewerQueryKey(chapterId, quality), () => loadMangaViewer(chapterId, quality), decodePool());
}
