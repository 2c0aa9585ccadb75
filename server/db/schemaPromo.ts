import type { ColumnType } from 'kysely';

/** A column with a default (issue 32's, migration 0013): optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** A draft is never shown to readers (only in a staff preview). */
interface Editable {
  /** draft | published */
  status: Defaulted<string>;
  /** Bumped on every console write (a stale edit is a conflict). */
  version: Defaulted<number>;
}
/** Shown from start_ts until end_ts (0 = open-ended). */
interface Period {
  start_ts: Defaulted<number>;
  end_ts: Defaulted<number>;
}

/** Tables of the editorial content around the catalog: banners, featured lists, popups, announcements, publisher news, surveys, settings (server/db/schema.ts). */

export interface BannerTable extends Editable, Period {
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
  /** JSON array of short codes the banner targets; [] = every language (then `language` is -1). */
  languages: Defaulted<string>;
  /** JSON { short code: image URL }: uploaded images per language (image_url is the default). */
  images: Defaulted<string>;
}

export interface FeaturedListTable {
  id: number;
  name: string;
  /** JSON { short code: name }: the list's name per language (name is the default). */
  names: Defaulted<string>;
  version: Defaulted<number>;
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

export interface PopupTable extends Editable, Period {
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
  /** JSON array of short codes; [] = every language. */
  languages: Defaulted<string>;
}

export interface AnnouncementTable extends Editable {
  id: number;
  language: number;
  title: string;
  /** Sanitised HTML. */
  body: string;
  date: number;
}

export interface PublisherNewsTable extends Editable {
  id: number;
  publisher_id: number;
  language: number;
  subject: string;
  body: string;
  published_ts: number;
  action_url: string;
}

export interface QuestionnaireTable extends Period {
  id: number;
  key: string;
  /** Service code: eng, esp, fra, tha. */
  lang: string;
  subject: string;
  /** JSON: Question[] (description, canSkip, numberOfChoices, selection, hideFreeform, freeForm). */
  questions: string;
  answered_subject: string;
  answered_body: string;
  /** draft | open | closed (the same for every language of a key). */
  status: Defaulted<string>;
  version: Defaulted<number>;
}

/** A staff member's home preview: the reader's /api honours the cookie while the grant and the session live. */
export interface HomePreviewTable {
  id: ColumnType<number, never, never>;
  token_hash: string;
  session_id: number;
  language: string;
  at: number;
  expires_at: number;
}

export interface SettingTable {
  key: string;
  value: string;
}
