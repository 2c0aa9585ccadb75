/**
 * The viewer's page thumbnails on the React side (issue 48): the chapter's
 * sheets (src/viewer/thumbSheets.ts, from the decode pool), each sheet's URL once it is ready,
 * and the spreads the strip and the slider's preview show.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import { mangaPageNumbers } from '../../../core/viewer/pageCounter';
import { chapterThumbs, thumbEntries, type ChapterThumbs, type ThumbEntry } from '../../../core/viewer/pageThumbs';
import type { ViewerItem } from '../../../core/viewer/items';
import { viewerServices } from '../../boot/viewerServices';
import { blobDisplay, ThumbSheets, type SheetSource } from '../../viewer/thumbSheets';
import type { ViewerSession } from '../../viewer/session/viewerSession';
import { useViewerSelector } from './useViewerSession';

/** The sheets come from the page's decode pool (src/boot/viewerServices.ts), fetched and decrypted in its workers. */
const fromPool: SheetSource = (url, key) => viewerServices().pool.thumbSheet(url, key);

/** The chapter's sheets, or null when its pages have none (core/viewer/pageThumbs.ts); their URLs freed when it goes. */
export function usePageThumbs(viewer: MangaViewer): ThumbSheets | null {
  const thumbs = useMemo(() => chapterThumbs(viewer.pages.flatMap((p) => (p.data.case === 'mangaPage' ? [p.data.value] : []))), [viewer]);
  // The same sheets while the chapter stays (another page resolution gives a new answer, not new sheets).
  const id = thumbs ? JSON.stringify(thumbs) : '';
  const sheets = useMemo(() => (id ? new ThumbSheets(JSON.parse(id) as ChapterThumbs, fromPool, blobDisplay) : null), [id]);
  useEffect(() => {
    sheets?.open();
    return () => sheets?.dispose();
  }, [sheets]);
  return sheets;
}

const none = () => () => {};

/** A sheet's URL once it is loaded and decoded (re-rendered then). */
export function useSheetUrl(sheets: ThumbSheets | null, sheet: number | undefined): string | undefined {
  return useSyncExternalStore(
    sheets ? (fn) => sheets.subscribe(fn) : none,
    () => (sheets && sheet !== undefined ? sheets.url(sheet) : undefined),
    () => undefined,
  );
}

export interface ThumbSpreads {
  entries: ThumbEntry[];
  slotPages: number[][];
}

const NO_ITEMS: ViewerItem[] = [];

/** The strip's entries and each slot's pages, from the session's layout. */
export function useThumbSpreads(session: ViewerSession | null): ThumbSpreads {
  const layout = useViewerSelector(session, (v) => v.layout, null);
  const items = useViewerSelector(session, (v) => v.items, NO_ITEMS);
  return useMemo(() => thumbEntries(layout?.spreads ?? [], mangaPageNumbers(items).of), [layout, items]);
}
