import type { DB } from '../db/index.js';
import { DAY, systemClock, type ServerClock } from '../lib/clock.js';
import { addViewCounts, knownReaders, rollUpViews } from '../stats/viewRollup.js';
import { viewedRows } from './viewedRows.js';

/** Visitor-chapter pairs whose last counted view is remembered in memory (oldest forgotten first). */
const RECENT_MAX = 200_000;

/** A deadlock (40P01) or serialization failure (40001), or SQLite busy: tried again. */
const RETRYABLE = new Set(['40P01', '40001', 'SQLITE_BUSY']);
/** Tries of one flush before its views go back into the buffer. */
const ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface View {
  visitor: string;
  chapterId: number;
  at: number;
  /** This view is to be counted (the first of its pair in the window, within the address's limit). */
  count: boolean;
}

/** A buffered view of one pair: the last time it was viewed, and whether one of its views counts. */
interface Buffered {
  at: number;
  count: boolean;
}

export interface ViewsOptions {
  clock?: ServerClock;
  /** Buffered views (every view, counted or not) that start a flush before flushMs is over. */
  flushViews?: number;
  /** A view counts at most once per visitor and chapter in this window (s). */
  windowS?: number;
  /** The database is PostgreSQL (the rollups lock the rows they merge). */
  postgres?: boolean;
  /** Pairs whose counted view this node remembers (RECENT_MAX); the database knows the rest. */
  recentMax?: number;
}

/** drained()'s answer under the bound: one settled promise for every view. */
const DRAINED = Promise.resolve();

/**
 * Reading records. Opening a chapter marks it viewed for the visitor; the
 * first view of a visitor and chapter in a window (windowS) counts a view
 * (chapters.view_count and the daily counts the rankings read), later ones
 * in the window only move viewed_at. Views are buffered in memory and
 * written in one transaction every flushMs, or as soon as flushViews views
 * (every view, whatever the spread of chapters) are buffered, and on close,
 * so the viewer never waits on a disk sync; reads of "viewed" see the
 * buffer too. A flush that is due while one runs starts when it ends, and
 * a view is acknowledged only while the buffer is under flushViews
 * (drained()), so a kill -9 loses at most one flush in flight and one
 * buffer: about 2 × flushViews views (plus the requests in progress), or
 * the views of one flushMs when fewer come. Rows are written in one fixed
 * order (sorted keys) so nodes sharing a PostgreSQL database do not
 * deadlock; a deadlock or serialization failure is retried, and a flush
 * that still fails puts its views back into the buffer for the next one.
 * Whether a pair was counted in the window is known from memory on this
 * node and, at the flush, from viewed_chapters.counted_at (other nodes, a
 * restart). Never a favorite or a like is buffered here.
 */
export function viewsRepo(db: DB, flushMs = 1000, opts: ViewsOptions = {}) {
  const clock = opts.clock ?? systemClock;
  const flushViews = opts.flushViews ?? 1000;
  const windowS = opts.windowS ?? 1800;
  const recentMax = opts.recentMax ?? RECENT_MAX;
  const rows = viewedRows(db, opts.postgres ?? false);

  // Buffered views, by visitor then chapter.
  let pending = new Map<string, Map<number, Buffered>>();
  let pendingViews = 0;
  // Taken out of the buffer but not yet committed: still "viewed" to readers.
  let inflight = new Map<string, Map<number, Buffered>>();
  let flushing: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Visitor → chapter → when its last counted view was (s), on this node; visitors in the order of their
  // last counted view. Keyed by the token as it came (a joined "visitor, chapter" key would be a new
  // string to flatten and hash on every view: bench/api's manga_viewer).
  const recent = new Map<string, Map<number, number>>();
  let recentPairs = 0;

  function buffer(visitor: string, chapterId: number, at: number, count: boolean): void {
    let mine = pending.get(visitor);
    if (!mine) pending.set(visitor, (mine = new Map<number, Buffered>()));
    const b = mine.get(chapterId);
    // A pair viewed again (a reader paging back and forth) updates its entry: no object per view. Entries
    // a flush has taken are in no buffer any more (pending is replaced), so none of them changes under it.
    if (!b) mine.set(chapterId, { at, count });
    else {
      if (at > b.at) b.at = at;
      if (count) b.count = true;
    }
  }

  /** The counted views among these that no earlier view of their pair in the window (any node's) counted already. */
  async function stillToCount(trx: DB, viewed: readonly View[]): Promise<Set<View>> {
    const counted = viewed.filter((v) => v.count);
    const last = await rows.countedAt(trx, counted);
    return new Set(counted.filter((v) => (last.get(rows.pairKey(v.visitor, v.chapterId)) ?? 0) <= v.at - windowS));
  }

  async function write(viewed: readonly View[], day: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const toCount = await stillToCount(trx, viewed);
      // Read before this flush writes their rows: readers with none yet are new.
      const known = await knownReaders(trx, [...new Set([...toCount].map((v) => v.visitor))], opts.postgres ?? false);
      await rows.upsert(
        trx,
        viewed.map((v) => ({ visitor: v.visitor, chapterId: v.chapterId, at: v.at, countedAt: toCount.has(v) ? v.at : 0 })),
      );
      const perChapter = new Map<number, number>();
      for (const v of toCount) perChapter.set(v.chapterId, (perChapter.get(v.chapterId) ?? 0) + 1);
      await rollUpViews(trx, [...toCount], known, opts.postgres ?? false);
      await addViewCounts(
        trx,
        [...perChapter].sort((a, b) => a[0] - b[0]),
        day,
        opts.postgres ?? false,
      );
    });
  }

  async function flushNow(): Promise<void> {
    if (pendingViews === 0) return;
    const taken = pending;
    const viewed: View[] = [];
    for (const [visitor, chapters] of taken) for (const [chapterId, b] of chapters) viewed.push({ visitor, chapterId, ...b });
    // One fixed order on every node (visitor, then chapter; chapters by id): two nodes'
    // transactions then lock the rows they share in the same order and cannot deadlock.
    viewed.sort((a, b) => (a.visitor < b.visitor ? -1 : a.visitor > b.visitor ? 1 : a.chapterId - b.chapterId));
    pending = new Map();
    pendingViews = 0;
    const day = Math.floor(clock.nowSec() / DAY);
    inflight = taken;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await write(viewed, day);
          return;
        } catch (e) {
          if (!RETRYABLE.has((e as { code?: string }).code ?? '') || attempt >= ATTEMPTS) throw e;
          await sleep(20 * attempt);
        }
      }
    } catch (e) {
      // Not written: back into the buffer for the next flush, never dropped.
      for (const v of viewed) buffer(v.visitor, v.chapterId, v.at, v.count);
      pendingViews += viewed.length;
      schedule();
      throw e;
    } finally {
      inflight = new Map();
    }
  }

  async function untilDrained(): Promise<void> {
    while (pendingViews >= flushViews && flushing) await flushing.catch(() => {});
  }

  /** A flush in flushMs, unless one is due already. */
  function schedule(): void {
    if (timer) return;
    timer = clock.setTimeout(() => {
      timer = null;
      flush().catch((e: unknown) => console.error('views flush failed (kept for the next one)', e));
    }, flushMs);
    (timer as { unref?: () => void }).unref?.();
  }

  function flush(): Promise<void> {
    if (!flushing) {
      flushing = flushNow().finally(() => {
        flushing = null;
        // Enough views came in while it ran: write them now rather than at the next interval.
        if (again) {
          again = false;
          flush().catch((e: unknown) => console.error('views flush failed', e));
        }
      });
    }
    return flushing;
  }

  return {
    /** Views buffered, not yet written (the metrics' buffered views). */
    waiting: () => pendingViews,
    /**
     * Claims the count of a view of this pair: true when no view of it
     * counted on this node within the window (the caller then records it
     * counted, or gives the claim back with release()).
     */
    claim(visitor: string, chapterId: number): boolean {
      const now = clock.nowSec();
      let mine = recent.get(visitor);
      const last = mine?.get(chapterId);
      if (last !== undefined && last > now - windowS) return false;
      if (mine) recent.delete(visitor);
      else mine = new Map<number, number>();
      recent.set(visitor, mine);
      if (last === undefined) recentPairs++;
      mine.set(chapterId, now);
      // Forget the visitors counted longest ago (Map keeps insertion order): the database still knows at the flush.
      if (recentPairs > recentMax)
        for (const [old, pairs] of recent) {
          recent.delete(old);
          recentPairs -= pairs.size;
          if (recentPairs <= recentMax * 0.9) break;
        }
      return true;
    },

    /** Gives back a claim not used (the view was over its address's limit). */
    release(visitor: string, chapterId: number): void {
      const mine = recent.get(visitor);
      if (!mine?.delete(chapterId)) return;
      recentPairs--;
      if (mine.size === 0) recent.delete(visitor);
    },

    /** Buffers a view: counted (after claim()) or only marking the chapter viewed. */
    record(visitor: string, chapterId: number, count: boolean): void {
      buffer(visitor, chapterId, clock.nowSec(), count);
      pendingViews++;
      if (pendingViews >= flushViews) {
        // Busy: write now, in transactions short enough not to hold up requests.
        if (timer) clock.clearTimeout(timer);
        timer = null;
        if (flushing) again = true;
        else flush().catch((e: unknown) => console.error('views flush failed', e));
      } else {
        schedule();
      }
    },

    /**
     * Resolves once fewer than flushViews views are buffered (or no flush
     * can take them): a view is acknowledged only then, so the views a kill
     * can lose stay bounded however fast they come.
     */
    drained(): Promise<void> {
      // Under the bound (nearly every view): one settled promise, not an async call's each time.
      return pendingViews >= flushViews && flushing ? untilDrained() : DRAINED;
    },

    /** Adds buffered views of this visitor among chapterIds to the set. */
    addPending(visitor: string, chapterIds: Iterable<number>, into: Set<number>): void {
      const a = pending.get(visitor);
      const b = inflight.get(visitor);
      if (!a && !b) return;
      for (const id of chapterIds) if (a?.has(id) || b?.has(id)) into.add(id);
    },

    /** Deletes viewed-chapter rows last viewed before this time (s): the retention of reading records. */
    async prune(before: number): Promise<number> {
      const r = await db.deleteFrom('viewed_chapters').where('viewed_at', '<', before).executeTakeFirst();
      return Number(r.numDeletedRows);
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
