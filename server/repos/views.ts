import { CompiledQuery, sql } from 'kysely';
import type { DB } from '../db/index.js';
import { DAY, type ServerClock } from '../lib/clock.js';

/** Rows per upsert statement. */
const BATCH = 200;
/** Buffered views that start a flush before the interval is over. */
const FLUSH_ROWS = 1000;

/** A deadlock (40P01) or serialization failure (40001), or SQLite busy: tried again. */
const RETRYABLE = new Set(['40P01', '40001', 'SQLITE_BUSY']);
/** Tries of one flush before its views go back into the buffer. */
const ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface View {
  visitor: string;
  chapterId: number;
  at: number;
}

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
 * buffer too. Rows are written in one fixed order (sorted keys) so nodes
 * sharing a PostgreSQL database do not deadlock; a deadlock or
 * serialization failure is retried, and a flush that still fails puts its
 * views back into the buffer for the next one. close() (a clean shutdown,
 * SIGTERM) writes what is buffered; a kill -9 loses at most the views of
 * the last interval (flushMs, or FLUSH_ROWS views), never a favorite or a like.
 */
export function viewsRepo(db: DB, clock: ServerClock, flushMs = 1000) {
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

  /** Puts views that could not be written back into the buffer (a later view of the same pair wins). */
  function putBack(viewed: readonly View[], counts: readonly (readonly [number, number])[]): void {
    for (const v of viewed) {
      let mine = pending.get(v.visitor);
      if (!mine) pending.set(v.visitor, (mine = new Map<number, number>()));
      if (!mine.has(v.chapterId)) pendingCount++;
      mine.set(v.chapterId, Math.max(mine.get(v.chapterId) ?? 0, v.at));
    }
    for (const [chapterId, n] of counts) pendingCounts.set(chapterId, (pendingCounts.get(chapterId) ?? 0) + n);
  }

  async function write(viewed: readonly View[], counts: readonly (readonly [number, number])[], day: number): Promise<void> {
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
  }

  async function flushNow(): Promise<void> {
    if (pendingCount === 0 && pendingCounts.size === 0) return;
    const taken = pending;
    const viewed: View[] = [];
    for (const [visitor, chapters] of taken) for (const [chapterId, at] of chapters) viewed.push({ visitor, chapterId, at });
    // One fixed order on every node (visitor, then chapter; chapters by id): two nodes'
    // transactions then lock the rows they share in the same order and cannot deadlock.
    viewed.sort((a, b) => (a.visitor < b.visitor ? -1 : a.visitor > b.visitor ? 1 : a.chapterId - b.chapterId));
    const counts = [...pendingCounts.entries()].sort((a, b) => a[0] - b[0]);
    pending = new Map();
    pendingCount = 0;
    pendingCounts.clear();
    const day = Math.floor(clock.nowSec() / DAY);
    inflight = taken;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await write(viewed, counts, day);
          return;
        } catch (e) {
          if (!RETRYABLE.has((e as { code?: string }).code ?? '') || attempt >= ATTEMPTS) throw e;
          await sleep(20 * attempt);
        }
      }
    } catch (e) {
      // Not written: back into the buffer for the next flush, never dropped.
      putBack(viewed, counts);
      schedule();
      throw e;
    } finally {
      inflight = new Map();
    }
  }

  /** A flush in flushMs, unless one is due already. */
  function schedule(): void {
    if (timer) return;
    timer = clock.setTimeout(() => {
      timer = null;
      flush().catch((e: unknown) => console.error('views flush failed (kept for the next one)', e));
    }, flushMs);
    timer.unref();
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
    /** Views buffered, not yet written (the metrics' buffered views). */
    waiting: () => pendingCount,
    record(visitor: string, chapterId: number): void {
      let mine = pending.get(visitor);
      if (!mine) pending.set(visitor, (mine = new Map<number, number>()));
      if (!mine.has(chapterId)) pendingCount++;
      mine.set(chapterId, clock.nowSec());
      pendingCounts.set(chapterId, (pendingCounts.get(chapterId) ?? 0) + 1);
      if (pendingCount >= FLUSH_ROWS && !flushing) {
        // Busy: write now, in transactions short enough not to hold up requests.
        if (timer) clock.clearTimeout(timer);
        timer = null;
        flush().catch((e) => console.error('views flush failed', e));
      } else {
        schedule();
      }
    },

    /** Adds buffered views of this visitor among chapterIds to the set. */
    addPending(visitor: string, chapterIds: Iterable<number>, into: Set<number>): void {
      const a = pending.get(visitor);
      const b = inflight.get(visitor);
      if (!a && !b) return;
      for (const id of chapterIds) if (a?.has(id) || b?.has(id)) into.add(id);
    },

    /** Writes what is buffered (a failed flush's views included); the server's close calls it. */
    async close(): Promise<void> {
      if (timer) clock.clearTimeout(timer);
      timer = null;
      if (flushing) await flushing.catch(() => {});
      try {
        await flush();
      } finally {
        if (timer) clock.clearTimeout(timer);
        timer = null;
      }
    },

    flush,
  };
}
