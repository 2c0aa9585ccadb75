/**
 * Every value the app keeps in the browser (documents: section 9).
 * Local storage unless marked session.
 */
export const STORAGE = {
  sessionId: 'session_id',
  serviceLang: 'service_lang',
  /** JSON list of short codes (the documents' "V2" list). */
  contentLangs: 'content_langs_v2',
  viewedPopups: 'viewed_popup_ids',
  viewerMode: 'viewer_mode',
  pageResolution: 'page_resolution',
  pushTokenUpdated: 'push_token_updated_at',
  promoLastShown: 'SAPromoLastShown',
  ratingChecked: (popupId: number) => `rating_checked_${popupId}`,
  bannerDismissed: 'isBannerShowed',
  /** JSON map chapterId → last page index read (viewer resume). */
  lastPageRead: 'viewer_last_page',
  // session storage
  searchTag: 'search_tag',
  searchLabel: 'search_label',
  searchSort: 'search_sort',
} as const;

/** A session token (STORAGE.sessionId) as the server accepts it: 128 bits, hex. */
export const SESSION_TOKEN = /^[0-9a-f]{32}$/;
