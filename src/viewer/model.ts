/**
 * The chapter as the viewer draws it: the server's pages turned into layout
 * items plus what each needs (image URL and key, banners, last page).
 */
import type { MangaViewer, Page } from '../gen/manga/v1/viewer_pb';
import { PageType } from '../gen/manga/v1/viewer_pb';
import { adHeight, nominalWidth, type Item, type MangaType } from './layout';

export interface ViewerItem extends Item {
  page: Page;
  /** manga pages only */
  url?: string;
  key?: string;
}

const TYPE: Record<PageType, MangaType> = {
  [PageType.SINGLE]: 'single',
  [PageType.LEFT]: 'left',
  [PageType.RIGHT]: 'right',
  [PageType.DOUBLE]: 'double',
};

/** Height of a stack of banners drawn at width w, with a title row when titled. */
function bannersHeight(banners: { width: number; height: number }[], w: number, titled: boolean): number {
  const gap = 12;
  const body = banners.reduce((h, b) => h + (b.width > 0 ? (b.height * w) / b.width : w / 3) + gap, 0);
  return Math.max(120, Math.round(body + (titled ? 48 : 0) + gap));
}

export const LAST_PAGE_HEIGHT = 620;

export function toItems(pages: Page[], phone: boolean): ViewerItem[] {
  const out: ViewerItem[] = [];
  for (const page of pages) {
    const d = page.data;
    switch (d.case) {
      case 'mangaPage': {
        const m = d.value;
        out.push({ kind: 'manga', type: TYPE[m.type] ?? 'single', width: m.width || 960, height: m.height || 1360, page, url: m.imageUrl, key: m.encryptionKey });
        break;
      }
      case 'bannerList': {
        const w = nominalWidth('bannerList', phone);
        out.push({ kind: 'bannerList', width: w, height: bannersHeight(d.value.banners, w, !!d.value.bannerTitle), page });
        break;
      }
      case 'insertBannerList': {
        const w = nominalWidth('insertBanner', phone);
        out.push({ kind: 'insertBanner', width: w, height: bannersHeight(d.value.banners, w, false), page });
        break;
      }
      case 'banner': {
        const w = nominalWidth('banner', phone);
        out.push({ kind: 'banner', width: w, height: bannersHeight([d.value], w, false), page });
        break;
      }
      case 'advertisement': {
        const w = nominalWidth('ad', phone);
        out.push({ kind: 'ad', width: w, height: adHeight(w), page });
        break;
      }
      case 'lastPage':
        out.push({ kind: 'last', width: nominalWidth('last', phone), height: LAST_PAGE_HEIGHT, page });
        break;
      default:
        break;
    }
  }
  return out;
}

/** Index of the first manga page (the reader's page 1). */
export function mangaCount(items: Item[]): number {
  return items.reduce((n, it) => n + (it.kind === 'manga' ? 1 : 0), 0);
}

export type ViewerData = MangaViewer;
