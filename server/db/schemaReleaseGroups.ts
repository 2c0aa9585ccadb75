import type { Generated } from 'kysely';

/** One release of a chapter in several languages (migration 0023_release_groups). */
export interface ReleaseGroupTable {
  id: Generated<number>;
  series_id: number;
  name: string;
  /** 'draft' | 'scheduled' | 'held' | 'released' | 'cancelled' */
  state: string;
  start_ts: number;
  end_ts: number;
  /** 'block' | 'split': what members without pages at the time do to the release. */
  partial: string;
  /** JSON array of IANA time zones the time is also shown in. */
  zones: string;
  /** The group this one was split from (0: none). */
  split_from: number;
  released_at: number;
  version: number;
  created_at: number;
}

export interface ReleaseGroupMemberTable {
  group_id: number;
  chapter_id: number;
}
