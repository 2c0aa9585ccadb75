/**
 * GET /api/manga_viewer's path and query (documents: section 7), written in
 * one place: the viewer's call (src/viewer/api.ts), the chapter's first-page
 * drawing (src/boot/chapterStartDrawing.ts) and the server's first view of
 * /viewer/{id} (src/boot/serverRender.tsx) must ask alike, since an answer
 * put in the page is found by its path and query. The reader's choices
 * (mode, content languages, quality) are parameters: callers read them from
 * src/lib/storage/ or the request's cookies. No protobuf here.
 */
import type { ImgQuality } from './imageQuality';
import type { ViewerMode } from './viewerMode';

export const MANGA_VIEWER_PATH = '/manga_viewer';

/**
 * GET /api/chapter_view?chapter_id=: counts the visitor's view of a chapter
 * whose answer the server put in the page (it counted none: the page
 * request's cookie may name someone else's session).
 */
export const CHAPTER_VIEW_PATH = '/chapter_view';

export function mangaViewerQuery(chapterId: number, quality: ImgQuality, mode: ViewerMode, clang: readonly string[]) {
  return { chapter_id: chapterId, split: 'yes', img_quality: quality, viewer_mode: mode, clang: clang.join(',') };
}

/** The chapter id of a viewer path (/viewer/{id}), or 0. */
export function viewerChapterOf(path: string): number {
  const m = /^\/viewer\/(\d{1,15})$/.exec(path);
  return m ? Number(m[1]) : 0;
}

/** A chapter's data as asked with these choices (the key of a prefetched chapter). */
export function chapterQueryKey(chapterId: number, quality: ImgQuality, mode: ViewerMode, clang: readonly string[]): string {
  return `${chapterId}:${quality}:${mode}:${clang.join(',')}`;
}
