/**
 * GET /api/manga_viewer's path and query (documents: section 7) and the
 * reader's stored choices it depends on, written in one place: the viewer's
 * call (api.ts), the first-page painter (firstPaint.ts) and the server's
 * first view of /viewer/{id} (src/ssr/entry-server.tsx) must ask alike, since
 * a booted answer is found by its path and query. No protobuf here.
 */
import { isResolution, type ImgQuality, type Resolution } from './imageQuality';
import type { ViewerMode } from './viewerMode';
import { getContentLangs } from '../../src/lib/prefs';
import { STORAGE } from '../storageKeys';

export const MANGA_VIEWER_PATH = '/manga_viewer';

export function mangaViewerQuery(chapterId: number, quality: ImgQuality, mode: ViewerMode, clang: readonly string[]) {
  return { chapter_id: chapterId, split: 'yes', img_quality: quality, viewer_mode: mode, clang: clang.join(',') };
}

/** The chapter id of a viewer path (/viewer/{id}), or 0. */
export function viewerChapterOf(path: string): number {
  const m = /^\/viewer\/(\d{1,15})$/.exec(path);
  return m ? Number(m[1]) : 0;
}

export function storedResolution(): Resolution | null {
  const v = localStorage.getItem(STORAGE.pageResolution);
  return isResolution(v) ? v : null;
}

export function storedMode(): ViewerMode | null {
  const v = localStorage.getItem(STORAGE.viewerMode);
  return v === 'vertical' || v === 'horizontal' ? v : null;
}

/** A chapter's data as the viewer asks for it now (the key of a prefetched chapter). */
export function viewerQueryKey(chapterId: number, quality: ImgQuality): string {
  return `${chapterId}:${quality}:${storedMode() ?? 'vertical'}:${getContentLangs().join(',')}`;
}
