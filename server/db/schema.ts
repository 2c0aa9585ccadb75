import type { Generated } from 'kysely';

/**
 * The database, as Kysely sees it. Portable between SQLite and PostgreSQL:
 * booleans are 0/1 integers, times are integer seconds since the epoch,
 * structured values are JSON text.
 */
export interface Database {
  visitors: VisitorTable;
  series: SeriesTable;
  titles: TitleTable;
  tags: TagTable;
  series_tags: SeriesTagTable;
  publishers: PublisherTable;
  chapters: ChapterTable;
  pages: PageTable;
  comments: CommentTable;
  comment_likes: CommentLikeTable;
  bookmarks: BookmarkTable;
  viewed_chapters: ViewedChapterTable;
  push_tokens: PushTokenTable;
  banners: BannerTable;
  featured_lists: FeaturedListTable;
  featured_list_items: FeaturedListItemTable;
  popups: PopupTable;
  announcements: AnnouncementTable;
  publisher_news: PublisherNewsTable;
  questionnaires: QuestionnaireTable;
  questionnaire_answers: QuestionnaireAnswerTable;
  tap_logs: TapLogTable;
  contacts: ContactTable;
  settings: SettingTable;
  chapter_views_daily: ChapterViewsDailyTable;
}

export interface VisitorTable {
  /** The SESSION-TOKEN: 128 random bits, hex. */
  token: string;
  created_at: number;
  last_seen: number;
}

/** A series: one work, published as one title per language. */
export interface SeriesTable {
  id: number;
  slug: string;
  /** LabelCode enum value. */
  label: number;
  /** 'ongoing' | 'completed' | 'one_shot' */
  status: string;
  /** ReleaseSchedule enum value. */
  release_schedule: number;
  /** UpdateTiming enum value. */
  update_timing: number;
  /** Rating enum value. */
  rating: number;
  is_simulpub: number;
  plan_type: string;
  publisher_id: number;
  start_from_right: number;
  region_code: string;
  created_at: number;
}

/** One language edition of a series. */
export interface TitleTable {
  id: number;
  series_id: number;
  /** Language enum value. */
  language: number;
  name: string;
  author: string;
  overview: string;
  portrait_image_url: string;
  landscape_image_url: string;
  title_image_url: string;
  background_image_url: string;
  favorite_image_url: string;
  view_count: number;
  /** TitleUpdateStatus enum value. */
  update_status: number;
  viewing_period_description: string;
  non_appearance_info: string;
  /** Shown as "new" in the title's language list. */
  is_new: number;
  created_at: number;
}

export interface TagTable {
  id: number;
  tag: string;
  slug: string;
}

export interface SeriesTagTable {
  series_id: number;
  tag_id: number;
}

export interface PublisherTable {
  id: number;
  name: string;
  banner_image_url: string;
  banner_width: number;
  banner_height: number;
}

export interface ChapterTable {
  id: number;
  title_id: number;
  /** Order within the title (ascending = reading order). */
  seq: number;
  name: string;
  sub_title: string;
  thumbnail_url: string;
  start_ts: number;
  /** 0 = no end of viewing. */
  end_ts: number;
  is_vertical_only: number;
  is_horizontal_only: number;
  view_count: number;
  ticket_end: number;
  /** When release notifications for this chapter were sent (0 = not yet). */
  notified_at: number;
}

export interface PageTable {
  chapter_id: number;
  idx: number;
  /** PageType enum value. */
  type: number;
  /** Size at the "high" quality; other qualities scale from it. */
  width: number;
  height: number;
  /** Hex XOR key, never empty. */
  encryption_key: string;
  /** Where the art comes from: "demo:<seed>" (generated lazily) or "file". */
  source: string;
}

export interface CommentTable {
  id: number;
  chapter_id: number;
  idx: number;
  user_name: string;
  icon_url: string;
  body: string;
  created: number;
  /** Likes from outside this service (the catalog's history). */
  base_likes: number;
}

export interface CommentLikeTable {
  visitor_token: string;
  comment_id: number;
  created_at: number;
}

export interface BookmarkTable {
  visitor_token: string;
  title_id: number;
  created_at: number;
}

export interface ViewedChapterTable {
  visitor_token: string;
  chapter_id: number;
  last_page: number;
  viewed_at: number;
}

export interface PushTokenTable {
  visitor_token: string;
  /** The Web Push subscription (JSON) or an opaque token. */
  token: string;
  /** Service language code (eng, esp, ...). */
  lang: string;
  updated_at: number;
}

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

export interface QuestionnaireAnswerTable {
  visitor_token: string;
  questionnaire_key: string;
  lang: string;
  /** JSON: { q1: string | string[], ... } */
  answers: string;
  os: string;
  os_ver: string;
  app_ver: string;
  secret: string;
  created_at: number;
}

export interface TapLogTable {
  id: Generated<number>;
  /** banner | title_banner | popup */
  kind: string;
  banner_id: number;
  title_id: number;
  popup_id: number;
  banner_type: string;
  location: string;
  /** click | impression */
  type: string;
  visitor_token: string;
  created_at: number;
}

export interface ContactTable {
  id: Generated<number>;
  visitor_token: string;
  type: string;
  subject: string;
  body: string;
  created_at: number;
}

export interface SettingTable {
  key: string;
  value: string;
}

/** Live views per chapter per day (day = floor(epoch seconds / 86400)). */
export interface ChapterViewsDailyTable {
  chapter_id: number;
  day: number;
  views: number;
}
