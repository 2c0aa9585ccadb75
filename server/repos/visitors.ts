import { sql } from 'kysely';
import type { DB } from '../db/index.js';
import { nowSec } from '../lib/clock.js';

export interface VisitorFlags {
  bookmarked: Set<number>;
  viewed: Set<number>;
  liked: Set<number>;
}

/**
 * Visitors and the per-visitor state the views show (favorites, viewed
 * chapters, liked comments), read in one round trip.
 */
export function visitorsRepo(db: DB) {
  return {
    async ensure(token: string): Promise<void> {
      const now = nowSec();
      await db
        .insertInto('visitors')
        .values({ token, created_at: now, last_seen: now })
        .onConflict((oc) => oc.column('token').doUpdateSet({ last_seen: now }))
        .execute();
    },

    async flags(
      visitor: string,
      q: { titleIds?: number[]; chapterIds?: number[]; commentIds?: number[] },
    ): Promise<VisitorFlags> {
      const out: VisitorFlags = { bookmarked: new Set(), viewed: new Set(), liked: new Set() };
      const parts = [];
      if (q.titleIds?.length)
        parts.push(
          sql`select 1 as k, title_id as id from bookmarks where visitor_token = ${visitor} and title_id in (${sql.join(q.titleIds)})`,
        );
      if (q.chapterIds?.length)
        parts.push(
          sql`select 2 as k, chapter_id as id from viewed_chapters where visitor_token = ${visitor} and chapter_id in (${sql.join(q.chapterIds)})`,
        );
      if (q.commentIds?.length)
        parts.push(
          sql`select 3 as k, comment_id as id from comment_likes where visitor_token = ${visitor} and comment_id in (${sql.join(q.commentIds)})`,
        );
      if (parts.length === 0) return out;
      const { rows } = await sql<{ k: number; id: number }>`${sql.join(parts, sql` union all `)}`.execute(db);
      for (const r of rows) {
        const k = Number(r.k);
        (k === 1 ? out.bookmarked : k === 2 ? out.viewed : out.liked).add(Number(r.id));
      }
      return out;
    },
  };
}
