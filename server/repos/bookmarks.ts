import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import type { StatsRecorder } from '../stats/rollup.js';

/** Favorites (subscriptions) per visitor, and the push token given with them. */
export function bookmarksRepo(db: DB, clock: ServerClock, stats: StatsRecorder) {
  return {
    async titleIds(visitor: string): Promise<number[]> {
      const rows = await db
        .selectFrom('bookmarks')
        .select('title_id')
        .where('visitor_token', '=', visitor)
        .orderBy('created_at', 'desc')
        .orderBy('title_id', 'desc')
        .execute();
      return rows.map((r) => r.title_id);
    },

    async add(visitor: string, titleId: number): Promise<void> {
      const r = await db
        .insertInto('bookmarks')
        .values({ visitor_token: visitor, title_id: titleId, created_at: clock.nowSec() })
        .onConflict((oc) => oc.columns(['visitor_token', 'title_id']).doNothing())
        .executeTakeFirst();
      // Only a favorite that was not there counts as gained (a repeated add is no change).
      if (Number(r.numInsertedOrUpdatedRows ?? 0) > 0) stats.add('fav.add', titleId, '');
    },

    async remove(visitor: string, titleId: number): Promise<void> {
      const r = await db.deleteFrom('bookmarks').where('visitor_token', '=', visitor).where('title_id', '=', titleId).executeTakeFirst();
      if (Number(r.numDeletedRows) > 0) stats.add('fav.del', titleId, '');
    },

    async savePushToken(visitor: string, token: string, lang: string): Promise<number> {
      const now = clock.nowSec();
      await db
        .insertInto('push_tokens')
        .values({ visitor_token: visitor, token, lang, updated_at: now })
        .onConflict((oc) => oc.column('visitor_token').doUpdateSet({ token, lang, updated_at: now }))
        .execute();
      return now;
    },
  };
}
