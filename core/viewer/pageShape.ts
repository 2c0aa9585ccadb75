/**
 * A chapter's pages as the layout needs them, in plain data: what
 * GET /api/manga_viewer's pages say about their kind, size and image
 * (model.ts makes them from the protobuf answer). The server puts a
 * chapter's shape in the page it sends for /viewer/{id}, so the entry's
 * first-page drawing (src/boot/chapterStartDrawing.ts) lays out and draws the first pages
 * without the protobuf runtime. One rule for item sizes, used by both.
 */
import { adHeight, nominalWidth } from './layout';
import type { Item, MangaType } from './spreads';

interface Size {
  width: number;
  height: number;
}

export type PageShape =
  | { kind: 'manga'; type: MangaType; width: number; height: number; url: string; key: string }
  | { kind: 'bannerList'; banners: Size[]; titled: boolean }
  | { kind: 'insertBanner'; banners: Size[] }
  | { kind: 'banner'; banner: Size }
  | { kind: 'ad' }
  | { kind: 'last' };

export interface ChapterShape {
  startFromRight: boolean;
  isVerticalOnly: boolean;
  isHorizontalOnly: boolean;
  pages: PageShape[];
}

export interface ShapedItem extends Item {
  /** manga pages only */
  url?: string;
  key?: string;
}

/** Height of a stack of banners drawn at width w, with a title row when titled. */
function bannersHeight(banners: Size[], w: number, titled: boolean): number {
  const gap = 12;
  const body = banners.reduce((h, b) => h + (b.width > 0 ? (b.height * w) / b.width : w / 3) + gap, 0);
  return Math.max(120, Math.round(body + (titled ? 48 : 0) + gap));
}

const LAST_PAGE_HEIGHT = 620;
/** A manga page without its size in the answer. */
const DEFAULT_PAGE: Size = { width: 960, height: 1360 };

/** The layout item of a page (documents: page widths; phone: narrower ads). */
export function itemOf(s: PageShape, phone: boolean): ShapedItem {
  switch (s.kind) {
    case 'manga':
      return {
        kind: 'manga',
        type: s.type,
        width: s.width || DEFAULT_PAGE.width,
        height: s.height || DEFAULT_PAGE.height,
        url: s.url,
        key: s.key,
      };
    case 'bannerList': {
      const w = nominalWidth('bannerList', phone);
      return { kind: 'bannerList', width: w, height: bannersHeight(s.banners, w, s.titled) };
    }
    case 'insertBanner': {
      const w = nominalWidth('insertBanner', phone);
      return { kind: 'insertBanner', width: w, height: bannersHeight(s.banners, w, false) };
    }
    case 'banner': {
      const w = nominalWidth('banner', phone);
      return { kind: 'banner', width: w, height: bannersHeight([s.banner], w, false) };
    }
    case 'ad': {
      const w = nominalWidth('ad', phone);
      return { kind: 'ad', width: w, height: adHeight(w) };
    }
    case 'last':
      return { kind: 'last', width: nominalWidth('last', phone), height: LAST_PAGE_HEIGHT };
  }
}
