import { sql } from 'kysely';
import type { DB } from '../db/index.js';
import { DAY, nowSec } from '../lib/clock.js';

/**
 * Reading records. Opening a chapter marks it viewed for the visitor and
 * counts a view. These are buffered in memory and written in one
 * transaction every flushMs (and on close), so the viewer never waits on a
 * disk sync; reads of "viewed" see the buffer too. A crash loses at most
 * the last interval of reading history, never a favorite or a like.
 */
export function viewsRepo(db: DB, flushMs = 1000) {
  const pendingViewed = new Map<string, { visitor: string; chapterId: number; at: number }>();
  const pendingCounts = new Map<number, number>();
  // Taken out of the buffer but not yet committed: still "viewed" to readers.
  let inflight = new Set<string>();
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function flushNow(): Promise<void> {
    if (pendingViewed.size === 0 && pendingCounts.size === 0) return;
    const viewed = [...pendingViewed.values()];
    const counts = [...pendingCounts.entries()];
    pendingViewed.clear();
    pendingCounts.clear();
    const day = Math.floor(nowSec() / DAY);
    inflight = new Set(viewed.map((v) => `${v.visitor}:${v.chapterId}`));
    try {
      await db.transaction().execute(async (trx) => {
      for (let i = 0; i < viewed.length; i += 200) {
        await trx
          .insertInto('viewed_chapters')
          .values(viewed.slice(i, i + 200).map((v) => ({ visitor_token: v.visitor, chapter_id: v.chapterId, last_page: 0, viewed_at: v.at })))
          .onConflict((oc) => oc.columns(['visitor_token', 'chapter_id']).doUpdateSet({ viewed_at: (eb) => eb.ref('excluded.viewed_at') }))
          .execute();
      }
      for (const [chapterId, n] of counts) {
        await trx.updateTable('chapters').set({ view_count: sql`view_count + ${n}` }).where('id', '=', chapterId).execute();
        await trx
          .insertInto('chapter_views_daily')
          .values({ chapter_id: chapterId, day, views: n })
          .onConflict((oc) => oc.columns(['chapter_id', 'day']).doUpdateSet({ views: sql`chapter_views_daily.views + ${n}` }))
          .execute();
      }
      });
    } finally {
      inflight = new Set();
    }
  }

  function flush(): Promise<void> {
    if (!flushing) {
      flushing = flushNow().finally(() => {
        flushing = null;
      });
    }
    return flushing;
  }

  return {
    record(visitor: string, chapterId: number): void {
      pendingViewed.set(`${visitor}:${chapterId}`, { visitor, chapterId, at: nowSec() });
      pendingCounts.set(chapterId, (pendingCounts.get(chapterId) ?? 0) + 1);
      if (!timer) {
        timer = setTimeout(() => {
          timer = null;
          flush().catch((e) => console.error('views flush failed', e));
        }, flushMs);
        timer.unref();
      }
    },

    /** Adds buffered views of this visitor among chapterIds to the set. */
    addPending(visitor: string, chapterIds: Iterable<number>, into: Set<number>): void {
      if (pendingViewed.size === 0 && inflight.size === 0) return;
      for (const id of chapterIds) {
        const k = `${visitor}:${id}`;
        if (pendingViewed.has(k) || inflight.has(k)) into.add(id);
      }
    },

    async close(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      if (flushing) await flushing;
      await flush();
    },

    flush,
  };
}
