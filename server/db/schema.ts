import type { Generated } from 'kysely';
import type {
  BookmarkTable,
  CommentLikeTable,
  CommentTable,
  ContactTable,
  PushTokenTable,
  ReadingPositionTable,
  QuestionnaireAnswerTable,
  TapLogTable,
  ViewedChapterTable,
  VisitorTable,
} from './schemaVisitors.js';
import type {
  AnnouncementTable,
  BannerTable,
  FeaturedListItemTable,
  FeaturedListTable,
  HomePreviewTable,
  PopupTable,
  PublisherNewsTable,
  QuestionnaireTable,
  SettingTable,
} from './schemaPromo.js';
import type { PushDeliveryTable, PushJobTable, PushVapidTable, ViewTokenKeyTable } from './schemaPush.js';
import type {
  AuditLogTable,
  ConsoleTokenTable,
  StaffChallengeTable,
  StaffFactorTable,
  StaffInvitationTable,
  StaffMemberTable,
  StaffRecoveryCodeTable,
  StaffSessionTable,
  StaffThrottleTable,
} from './schemaConsole.js';
// Statistics
import type { StatsCompactionTable, StatsHourlyTable } from './schemaStats.js';
import type { ConsoleChapterTable, ConsolePageTable, ConsolePreviewTable, ConsoleUploadTable } from './schemaCatalog.js';
import type { ReleaseGroupMemberTable, ReleaseGroupTable } from './schemaReleaseGroups.js';
import type { CoverTestTable } from './schemaCoverTests.js';
// Reader sync
import type { DeviceLinkTable, LinkCodeTable, LinkFailureTable, PageBookmarkTable, ReaderSettingsTable } from './schemaSync.js';

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
  reading_positions: ReadingPositionTable;
  push_tokens: PushTokenTable;
  push_vapid: PushVapidTable;
  view_token_keys: ViewTokenKeyTable;
  push_deliveries: PushDeliveryTable;
  push_jobs: PushJobTable;
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
  staff_members: StaffMemberTable;
  staff_factors: StaffFactorTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_sessions: StaffSessionTable;
  staff_invitations: StaffInvitationTable;
  staff_challenges: StaffChallengeTable;
  staff_throttle: StaffThrottleTable;
  console_tokens: ConsoleTokenTable;
  // Reader sync
  page_bookmarks: PageBookmarkTable;
  reader_settings: ReaderSettingsTable;
  device_links: DeviceLinkTable;
  link_codes: LinkCodeTable;
  link_failures: LinkFailureTable;
  audit_log: AuditLogTable;
  // Statistics
  stats_hourly: StatsHourlyTable;
  stats_compaction: StatsCompactionTable;
  home_previews: HomePreviewTable;
  console_chapters: ConsoleChapterTable;
  console_pages: ConsolePageTable;
  console_uploads: ConsoleUploadTable;
  console_previews: ConsolePreviewTable;
  release_groups: ReleaseGroupTable;
  release_group_members: ReleaseGroupMemberTable;
  cover_tests: CoverTestTable;
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
  /** Bumped by each console edit. */
  version: Generated<number>;
  /** 'any' | 'vertical' | 'horizontal'. */
  viewer_mode: Generated<string>;
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
  /** Bumped by each console edit (migration 0010_console). */
  version: Generated<number>;
  /** 1: made in the console, not shown to readers until a chapter is released or it is published as coming soon (0022). */
  draft: Generated<number>;
  /** The "coming soon" date shown to readers (seconds, 0 none) and the schedule text beside it. */
  soon_at: Generated<number>;
  soon_text: Generated<string>;
}

interface TagTable {
  id: number;
  tag: string;
  slug: string;
}

interface SeriesTagTable {
  series_id: number;
  tag_id: number;
}

export interface PublisherTable {
  id: number;
  name: string;
  banner_image_url: string;
  banner_width: number;
  banner_height: number;
  /** Uploaded in the console ('' none; 0022). */
  logo_image_url: Generated<string>;
  version: Generated<number>;
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
  /** When the release was claimed and its notification jobs queued, in one transaction (0 = not yet). */
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

/** Live views per chapter per day (day = floor(epoch seconds / 86400)). */
interface ChapterViewsDailyTable {
  chapter_id: number;
  day: number;
  views: number;
}
