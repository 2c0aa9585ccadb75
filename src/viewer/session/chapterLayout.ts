/** What the session reads off a chapter's data: page sources, the paging geometry of a layout, the next chapter. */
import type { LastPage, MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import type { Geometry } from '../../../core/viewer/camera';
import { toItems } from '../../../core/viewer/items';
import { slotTops, type Layout } from '../../../core/viewer/layout';
import type { PageSource } from '../pageStore';

/** The paging machine's view of a layout: slot count, vertical tops, horizontal slot rects (pannable when larger than the window). */
export function geometryOf(l: Layout): Geometry {
  const g: Geometry = {
    mode: l.mode,
    rtl: l.rtl,
    viewport: l.viewport,
    count: l.spreads.length,
    tops: l.mode === 'vertical' ? slotTops(l) : [],
    contentHeight: l.contentHeight,
  };
  if (l.mode === 'horizontal') g.slots = l.slots;
  return g;
}

/** The encrypted image of each item (none for banners, ads, the end page). */
export function pageSources(v: MangaViewer): (PageSource | undefined)[] {
  return toItems(v.pages, false).map((it) => (it.url && it.key ? { url: it.url, key: it.key } : undefined));
}

/**
 * The chapter after this one, named by the chapter's end page, when it can be
 * read: a next chapter with a release time (nextTimeStamp, seconds) is
 * announced, not out, and is never fetched ahead.
 */
export function nextChapterOf(v: MangaViewer): number | undefined {
  const end = v.pages.find((p) => p.data.case === 'lastPage');
  if (end?.data.case !== 'lastPage') return undefined;
  const last = end.data.value;
  return last.nextTimeStamp === 0 ? last.nextChapter?.chapterId || undefined : undefined;
}

/** Whether the end page's next chapter is out at `nowMs` (wall clock): it has an id and no release time still ahead. */
export function isNextChapterOut(last: LastPage, nowMs: number): boolean {
  return !!last.nextChapter?.chapterId && last.nextTimeStamp * 1000 <= nowMs;
}

export function flagsOf(v: MangaViewer): { verticalOnly: boolean; horizontalOnly: boolean } {
  return { verticalOnly: v.isVerticalOnly, horizontalOnly: v.isHorizontalOnly };
}
