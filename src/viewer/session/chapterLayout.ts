/** What the session reads off a chapter's data: page sources, the paging geometry of a layout, the next chapter. */
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import type { Geometry } from '../../../core/viewer/camera';
import { toItems } from '../../../core/viewer/items';
import { slotTops, type Layout } from '../../../core/viewer/layout';
import type { PageSource } from '../pageStore';

/** The paging machine's view of a layout. */
export function geometryOf(l: Layout): Geometry {
  return {
    mode: l.mode,
    rtl: l.rtl,
    viewport: l.viewport,
    count: l.spreads.length,
    tops: l.mode === 'vertical' ? slotTops(l) : [],
    contentHeight: l.contentHeight,
  };
}

/** The encrypted image of each item (none for banners, ads, the end page). */
export function pageSources(v: MangaViewer): (PageSource | undefined)[] {
  return toItems(v.pages, false).map((it) => (it.url && it.key ? { url: it.url, key: it.key } : undefined));
}

/** The chapter after this one, named by the chapter's end page. */
export function nextChapterOf(v: MangaViewer): number | undefined {
  const end = v.pages.find((p) => p.data.case === 'lastPage');
  return end?.data.case === 'lastPage' ? end.data.value.nextChapter?.chapterId : undefined;
}

export function flagsOf(v: MangaViewer): { verticalOnly: boolean; horizontalOnly: boolean } {
  return { verticalOnly: v.isVerticalOnly, horizontalOnly: v.isHorizontalOnly };
}
