/**
 * The viewer's chapter data call, kept out of the viewer's code chunk so the
 * route can start loading the chapter the moment /viewer/{id} is matched
 * (src/boot/viewerPreload.ts).
 */
import type { ImgQuality } from '../../core/viewer/imageQuality';
import { call, ApiCallError, takeServerAnswer } from '../api/client';
import { toSearch } from '../api/query';
import type { MangaViewer } from '../../core/gen/manga/v1/viewer_pb';
import { CHAPTER_VIEW_PATH, MANGA_VIEWER_PATH, mangaViewerQuery } from '../../core/viewer/chapterQuery';
import { storedContentLangs, storedViewerMode } from '../lib/storage';

/** The token of a console preview link (/viewer/<id>?preview=<token>): a draft read by staff, not a reader's reading. */
export const previewToken = (): string | null =>
  typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('preview');

/**
 * GET /api/manga_viewer (documents: section 7), or the answer the server put
 * in the page; the server counted no view for that one (its session came from
 * a cookie), so the view is counted now under this browser's own session.
 */
export async function loadMangaViewer(chapterId: number, quality: ImgQuality, signal?: AbortSignal): Promise<MangaViewer> {
  const query = mangaViewerQuery(chapterId, quality, storedViewerMode() ?? 'vertical', storedContentLangs());
  // A console preview link (/viewer/<id>?preview=<token>) reads the draft it was made for; no view is counted.
  const preview = previewToken();
  if (preview) {
    const r = await call(MANGA_VIEWER_PATH, { query: { ...query, preview }, ...(signal ? { signal } : {}) });
    if (r.data.case !== 'mangaViewer') throw new ApiCallError(undefined, 'unexpected view');
    return r.data.value;
  }
  const booted = takeServerAnswer(`${MANGA_VIEWER_PATH}${toSearch(query)}`);
  if (booted) countView(chapterId);
  const r = booted ?? (await call(MANGA_VIEWER_PATH, { query, ...(signal ? { signal } : {}) }));
  if (r.data.case !== 'mangaViewer') throw new ApiCallError(undefined, 'unexpected view');
  return r.data.value;
}

/** Counts a view (GET /api/chapter_view); a failure (offline) loses only the count. */
function countView(chapterId: number): void {
  call(CHAPTER_VIEW_PATH, { query: { chapter_id: chapterId } }).catch(() => undefined);
}
