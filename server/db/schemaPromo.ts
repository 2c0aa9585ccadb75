/** Tables of the editorial content around the catalog: banners, featured lists, popups, announcements, publisher news, surveys, settings (server/db/schema.ts). */

export interface BannerTable {
  id: number;
  /** home_top | featured_top | featured | ranking | search_top | title | publisher | viewer_insert | viewer_list | last_page */
  placement: string;
  /** Title it belongs to (title banners), else 0. */
  title_id: number;
  publisher_id: number;
  /** Language enum value, or -1 for every language. */
  language: number;
  image_url: string;
  width: number;
  height: number;
  /** PresentationMethod enum value. */
  action_method: number;
  action_url: string;
  is_pr: number;
  sort: number;
}

export interface FeaturedListTable {
  id: number;
  name: string;
  container_id: number;
  /** titles | ranked */
  kind: string;
  sort: number;
}

export interface FeaturedListItemTable {
  list_id: number;
  series_id: number;
  sort: number;
}

export interface PopupTable {
  id: number;
  /** home | rating */
  placement: string;
  /** one_image | app_default | os_default */
  kind: string;
  /** Language enum value, or -1 for every language. */
  language: number;
  subject: string;
  body: string;
  image_url: string;
  action_method: number;
  action_url: string;
  /** For rating popups: the series they belong to, else 0. */
  series_id: number;
}

export interface AnnouncementTable {
  id: number;
  language: number;
  title: string;
  /** Sanitised HTML. */
  body: string;
  date: number;
}

export interface PublisherNewsTable {
  id: number;
  publisher_id: number;
  language: number;
  subject: string;
  body: string;
  published_ts: number;
  action_url: string;
}

export interface QuestionnaireTable {
  id: number;
  key: string;
  /** Service code: eng, esp, fra, tha. */
  lang: string;
  subject: string;
  /** JSON: Question[] (description, canSkip, numberOfChoices, selection, hideFreeform, freeForm). */
  questions: string;
  answered_subject: string;
  answered_body: string;
}

export interface SettingTable {
  key: string;
  value: string;
}
