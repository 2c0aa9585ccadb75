import type { ShortCode } from '../../core/languages.js';

/**
 * Plain (unencrypted) images: covers, thumbnails, banners, icons, logos.
 * The database stores these URLs relative ("/img/..."): prefix
 * config.publicUrl when sending. Sizes are what the art is drawn at.
 */
export const TITLE_IMAGES = {
  portrait: { width: 360, height: 510 },
  landscape: { width: 640, height: 360 },
  title: { width: 1280, height: 512 },
  background: { width: 1280, height: 720 },
  favorite: { width: 300, height: 300 },
} as const;
export type TitleImageKind = keyof typeof TITLE_IMAGES;

export const THUMB_SIZE = { width: 360, height: 200 } as const;
export const ICON_SIZE = { width: 128, height: 128 } as const;
export const LABEL_SIZE = { width: 240, height: 96 } as const;
export const PUBLISHER_BANNER_SIZE = { width: 1000, height: 250 } as const;
export const POPUP_IMAGE_SIZE = { width: 600, height: 800 } as const;
/** Comment icons are numbered 1..ICON_COUNT. */
export const ICON_COUNT = 12;

/** Banner sizes by placement (see BannerTable.placement). */
export const BANNER_SIZES: Record<string, { width: number; height: number }> = {
  home_top: { width: 1200, height: 400 },
  featured_top: { width: 1200, height: 400 },
  featured: { width: 1200, height: 300 },
  ranking: { width: 1200, height: 200 },
  search_top: { width: 1200, height: 300 },
  title: { width: 1000, height: 250 },
  publisher: { width: 1000, height: 250 },
  viewer_insert: { width: 800, height: 1130 },
  viewer_list: { width: 300, height: 250 },
  last_page: { width: 400, height: 225 },
};

export const titleImageUrl = (titleId: number, kind: TitleImageKind) => `/img/title/${titleId}/${kind}.webp`;
export const chapterThumbUrl = (chapterId: number) => `/img/chapter/${chapterId}/thumb.webp`;
export const bannerUrl = (bannerId: number) => `/img/banner/${bannerId}.webp`;
/**
 * A drawn banner of every language (BannerTable.language -1) in one language:
 * /img/banner/<id>/<short code>.webp, its headline and call to action in that
 * language. Any other image URL is returned as it is.
 */
export const bannerUrlIn = (imageUrl: string, short: ShortCode) => imageUrl.replace(/(\/img\/banner\/\d+)\.webp$/, `$1/${short}.webp`);
export const iconUrl = (n: number) => `/img/icon/${n}.webp`;
export const popupImageUrl = (popupId: number) => `/img/popup/${popupId}.webp`;

/** App links in banner, popup and news actions (the scheme the web client parses). */
export const appLink = {
  detail: (titleId: number) => `mangaplus://open/detail?id=${titleId}`,
  viewer: (chapterId: number) => `mangaplus://open/viewer?id=${chapterId}`,
  webview: (url: string) => `mangaplus://open/webview?url=${encodeURIComponent(url)}`,
};
