import type { ColumnType, Generated } from 'kysely';

/** A column with a default (migration 0013): optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Tables of what visitors do and send: sessions, comments and likes, favorites, views, reading positions, push tokens, survey answers, tap logs, contact messages (server/db/schema.ts). */

export interface VisitorTable {
  /**
   * The SESSION-TOKEN: one the server made (128 random bits, hex) or a
   * client-made id of a safe form (server/plugins/visitor.ts sessionId).
   * The row is made on the visitor's first write; reads make none.
   */
  token: string;
  created_at: number;
  last_seen: number;
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
  /** Moderation: visible | hidden | deleted; only visible ones reach readers. */
  state: Defaulted<string>;
  reason: Defaulted<string>;
  moderated_at: Defaulted<number>;
  /** The moderator's email. */
  moderated_by: Defaulted<string>;
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
  /** When a view of this pair last counted (0: never); one counts per window (server/repos/views.ts). */
  counted_at: number;
}

/** Where a visitor was in a title (server/repos/history.ts). */
export interface ReadingPositionTable {
  visitor_token: string;
  title_id: number;
  chapter_id: number;
  /** The viewer item to resume at (0-based). */
  item: number;
  /** 1-based page number among the chapter's manga pages, and their count. */
  page: number;
  page_count: number;
  /** The reader's clock when the position was taken (ms): an older write never replaces a newer one. */
  client_ms: number;
  updated_at: number;
}

export interface PushTokenTable {
  visitor_token: string;
  /** The Web Push subscription (JSON) or an opaque token. */
  token: string;
  /** Service language code (eng, esp, ...). */
  lang: string;
  updated_at: number;
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
  /** When a moderator marked it read (0: unread). */
  read_at: Defaulted<number>;
}
