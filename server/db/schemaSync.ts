import type { Generated } from 'kysely';

/** Issue 29's tables (migration 0015): page bookmarks, server-kept reader settings, linked devices (server/db/schema.ts). */

export interface PageBookmarkTable {
  id: Generated<number>;
  visitor_token: string;
  title_id: number;
  chapter_id: number;
  /** The viewer item bookmarked (0-based: the page or spread on screen). */
  item: number;
  /** 1-based page number among the chapter's manga pages, and their count. */
  page: number;
  page_count: number;
  note: string;
  created_at: number;
  updated_at: number;
}

export interface ReaderSettingsTable {
  visitor_token: string;
  /** JSON object of the reader's settings, as the app keeps them (at most READER_SETTINGS_MAX bytes). */
  settings: string;
  updated_at: number;
}

export interface DeviceLinkTable {
  /** The device's own SESSION-TOKEN. */
  device_token: string;
  /** The key the group's data is kept under: never sent to a client, and of a form no SESSION-TOKEN may take. */
  group_key: string;
  /** The id a device list shows and an unlink names (random, not the token). */
  device_id: string;
  name: string;
  created_at: number;
}

export interface LinkCodeTable {
  /** SHA-256 (hex) of the code: the code itself is not kept. */
  code_hash: string;
  owner_token: string;
  created_at: number;
  expires_at: number;
  state: 'waiting' | 'claimed' | 'used';
  claimed_by: string | null;
  claimed_name: string;
}

export interface LinkFailureTable {
  key: string;
  at: number;
}
