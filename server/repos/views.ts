import { CompiledQuery, sql } from 'kysely';
import type { DB } from '../db/index.js';
import { DAY, nowSec } from '../lib/clock.js';

/** Rows per upsert statement. */
const BATCH = 200;
/** Buffered views that start a flush before the interval is over. */
const FLUSH_ROWS = 1000;

/** The next batch: BATCH rows, then the largest power of two that fits. */
function batchSize(left: number): number {
  if (left >= BATCH) return BATCH;
  return 2 ** Math.floor(Math.log2(left));
}

/**
 * Reading records. Opening a chapter marks it viewed for the visitor and
 * counts a view. These are buffered in memory and written in one
 * transaction every flushMs (sooner when many are buffered; and on close),
 * so the viewer never waits on a disk sync; reads of "viewed" see the
 * buffer too. A crash loses at most the last interval of reading history,
 * never a favorite or a like.
 */
export function viewsRepo(db: DB, flushMs = 1000) {
  // The upsert of n views, compiled once per n: 200 rows, then powers of
  // two for the rest (a handful of statements, each prepared once).
  const upserts = new Map<number, string>();
  const upsertViewed = (n: number): string => {
    let text = upserts.get(n);
    if (text === undefined) {
      text = db
        .insertInto('viewed_chapters')
        .values(Array.from({ length: n }, () => ({ visitor_token: '', chapter_id: 0, last_page: 0, viewed_at: 0 })))
        .onConflict((oc) => oc.columns(['visitor_token', 'chapter_id']).doUpdateSet({ viewed_at: (eb) => eb.ref('excluded.viewed_at') }))
        .compile().sql;
      upserts.set(n, text);
    }
    return text;
  };

  // Buffered views, by visitor then chapter (the viewed time).
  let pending = new Map<string, Map<number, number>>();
  let pendingCount = 0;
  const pendingCounts = new Map<number, number>();
  // Taken out of the buffer but not yet committed: still "viewed" to readers.
  let inflight = new Map<string, Map<number, number>>();
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function flushNow(): Promise<void> {
    if (pendingCount === 0 && pendingCounts.size === 0) return;
    const taken = pending;
    const viewed: { visitor: string; chapterId: number; at: number }[] = [];
    for (const [visitor, chapters] of taken) for (const [chapterId, at] of chapters) viewed.push({ visitor, chapterId, at });
    const counts = [...pendingCounts.entries()];
    pending = new Map();
    pendingCount = 0;
    pendingCounts.clear();
    const day = Math.floor(nowSec() / DAY);
    inflight = taken;
    try {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < viewed.length;) {
          const n = batchSize(viewed.length - i);
          const params: unknown[] = [];
          for (const v of viewed.slice(i, i + n)) params.push(v.visitor, v.chapterId, 0, v.at);
          await trx.executeQuery(CompiledQuery.raw(upsertViewed(n), params));
          i += n;
        }
        for (const [chapterId, n] of counts) {
          await trx
            .updateTable('chapters')
            .set({ view_count: sql`view_count + ${n}` })
            .where('id', '=', chapterId)
            .execute();
          await trx
            .insertInto('chapter_views_daily')
            .values({ chapter_id: chapterId, day, views: n })
            .onConflict((oc) => oc.columns(['chapter_id', 'day']).doUpdateSet({ views: sql`chapter_views_daily.views + ${n}` }))
            .execute();
        }
      });
    } finally {
      inflight = new Map();
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
      let mine = pending.get(visitor);
      if (!mine) pending.set(visitor, (mine = new Map<number, number>()));
      if (!mine.has(chapterId)) pendingCount++;
      mine.set(chapterId, nowSec());
      pendingCounts.set(chapterId, (pendingCounts.get(chapterId) ?? 0) + 1);
      if (pendingCount >= FLUSH_ROWS && !flushing) {
        // Busy: write now, in transactions short enough not to hold up requests.
        if (timer) clearTimeout(timer);
        timer = null;
        flush().catch((e) => console.error('views flush failed', e));
      } else if (!timer) {
        timer = setTimeout(() => {
          timer = null;
          flush().catch((e) => console.error('views flush failed', e));
        }, flushMs);
        timer.unref();
      }
    },

    /** Adds buffered views of this visitor among chapterIds to the set. */
    addPending(visitor: string, chapterIds: Iterable<number>, into: Set<number>): void {
      const a = pending.get(visitor);
      const b = inflight.get(visitor);
      if (!a && !b) return;
      for (const id of chapterIds) if (a?.has(id) || b?.has(id)) into.add(id);
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
