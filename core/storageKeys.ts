/**
 * Every value the app keeps in the browser (documents: section 9), read and
 * written only by src/lib/storage/. Local storage unless marked session.
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
  /** JSON map chapterId → the item index to resume the chapter at (the key's name is older than the term). */
  resumePositions: 'viewer_last_page',
  /** JSON of the reader's display settings (core/viewer/readerSettings.ts: fit, vertical column, first page alone, auto crop). */
  displaySettings: 'viewer_display_settings',
  /** JSON map titleId → that title's reader settings (spread offset, colour filter), the most recent last. */
  titleSettings: 'viewer_title_settings',
  /** JSON of the reader's controls (core/viewer/controls.ts: key map, tap zones, wheel, reduced motion). */
  controls: 'viewer_controls',
  // Auto-scroll, page bookmarks offline
  /** Auto-scroll's level, 1..10 (core/viewer/autoScroll.ts). */
  autoScrollLevel: 'viewer_autoscroll_level',
  /** JSON list of page bookmarks kept for reading offline (src/features/pageBookmarks/). */
  pageBookmarks: 'page_bookmarks',
  /** JSON { syncedAt, dirty }: the reader settings' standing with the server (src/lib/storage/syncedSettings.ts). */
  readerSettingsSync: 'reader_settings_sync',
  /** JSON of the reading profiles: the reader's own, the one in use, each title's default (core/viewer/readerProfiles.ts). */
  readerProfiles: 'viewer_reader_profiles',
  // session storage
  searchTag: 'search_tag',
  searchLabel: 'search_label',
  searchSort: 'search_sort',
  /** JSON map history entry → [x, y] scroll position. */
  scrollPositions: 'scroll_positions',
} as const;

/** A session token (STORAGE.sessionId) as the server accepts it: 128 bits, hex. */
export const SESSION_TOKEN = /^[0-9a-f]{32}$/;

/**
 * Cookies mirroring the stored preferences a first view depends on, by
 * storage key (same value format): the server renders the home in the
 * visitor's languages and viewer mode, and asks a chapter in their resolution
 * for their session (src/boot/serverRender.tsx, through src/lib/storage/).
 */
export const PREFS_COOKIES = {
  [STORAGE.serviceLang]: 'mr_lang',
  [STORAGE.contentLangs]: 'mr_clang',
  [STORAGE.viewerMode]: 'mr_vmode',
  [STORAGE.pageResolution]: 'mr_res',
  [STORAGE.sessionId]: 'mr_sid',
} as const;
