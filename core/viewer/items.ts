/**
 * The chapter as the viewer draws it: the server's pages turned into layout
 * items (pageShape.ts) plus the page each came from (banners, the end page).
 */
import type { MangaViewer, Page } from '../gen/manga/v1/viewer_pb';
import { PageType } from '../gen/manga/v1/viewer_pb';
import type { MangaType } from './spreads';
import { itemOf, type ChapterShape, type PageShape, type ShapedItem } from './pageShape';

export interface ViewerItem extends ShapedItem {
  page: Page;
}

const TYPE: Record<PageType, MangaType> = {
  [PageType.SINGLE]: 'single',
  [PageType.LEFT]: 'left',
  [PageType.RIGHT]: 'right',
  [PageType.DOUBLE]: 'double',
};

/** What a page says about its layout; null for a page kind the viewer does not draw. */
function shapeOf(page: Page): PageShape | null {
  const d = page.data;
  switch (d.case) {
    case 'mangaPage': {
      const m = d.value;
      return { kind: 'manga', type: TYPE[m.type] ?? 'single', width: m.width, height: m.height, url: m.imageUrl, key: m.encryptionKey };
    }
    case 'bannerList':
      return {
        kind: 'bannerList',
        banners: d.value.banners.map((b) => ({ width: b.width, height: b.height })),
        titled: !!d.value.bannerTitle,
      };
    case 'insertBannerList':
      return { kind: 'insertBanner', banners: d.value.banners.map((b) => ({ width: b.width, height: b.height })) };
    case 'banner':
      return { kind: 'banner', banner: { width: d.value.width, height: d.value.height } };
    case 'advertisement':
      return { kind: 'ad' };
    case 'lastPage':
      return { kind: 'last' };
    default:
      return null;
  }
}

/** The chapter's shape (what the server puts in a /viewer page for the first-page painter). */
export function chapterShape(v: MangaViewer): ChapterShape {
  return {
    startFromRight: v.startFromRight,
    isVerticalOnly: v.isVerticalOnly,
    isHorizontalOnly: v.isHorizontalOnly,
    pages: v.pages.flatMap((p) => shapeOf(p) ?? []),
  };
}

export function toItems(pages: Page[], phone: boolean): ViewerItem[] {
  return pages.flatMap((page) => {
    const s = shapeOf(page);
    return s ? [{ ...itemOf(s, phone), page }] : [];
  });
}
