import { sql } from 'kysely';
import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import { Hll } from '../lib/hll.js';

const HOUR = 3600;

/** One rollup row being added to: a count and, where readers are counted, their sketch. */
interface Cell {
  metric: string;
  key: number;
  dim: string;
  hour: number;
  n: number;
  hll: Hll | null;
}

/** Rows per upsert statement (6 parameters each). */
const BATCH = 150;

/**
 * Metrics also rolled up per UTC day, as the metric named with ':day' and the
 * day's first hour: a dashboard reads a period's whole days from these and
 * only the hours at its ends from the hourly rows (query.ts spanned()), the
 * same counts and the same union of readers in a twentieth of the rows
 * (issue 33's bench: 30 days of hourly rows per title or chapter were
 * tens of thousands of sketches to merge).
 */
export const DAILY: ReadonlySet<string> = new Set(['view', 'view.title', 'view.all', 'reader.new', 'reach']);
export const dayMetric = (metric: string): string => `${metric}:day`;

/** An accumulator of rollup additions: what one flush (or one transaction) adds to stats_hourly. */
export class Cells {
  readonly map = new Map<string, Cell>();
  /** Readers' hashes: a view goes into several sketches (chapter, title, all), hashed once. */
  private readonly hashes = new Map<string, number>();

  /** Adds n to a metric's hour (from a time in seconds), and its day where it has one, and the reader to their sketches. */
  add(metric: string, key: number, dim: string, atSec: number, n: number, reader?: string): void {
    let h: number | undefined;
    if (reader !== undefined) {
      h = this.hashes.get(reader);
      if (h === undefined) this.hashes.set(reader, (h = Hll.hash(reader)));
    }
    const hour = Math.floor(atSec / HOUR);
    this.cell(metric, key, dim, hour, n, h);
    if (DAILY.has(metric)) this.cell(dayMetric(metric), key, dim, hour - (hour % 24), n, h);
  }

  private cell(metric: string, key: number, dim: string, hour: number, n: number, hashed: number | undefined): void {
    const k = `${metric}\n${key}\n${dim}\n${hour}`;
    let c = this.map.get(k);
    if (!c) this.map.set(k, (c = { metric, key, dim, hour, n: 0, hll: null }));
    c.n += n;
    if (hashed !== undefined) (c.hll ??= new Hll()).addHashed(hashed);
  }

  get size(): number {
    return this.map.size;
  }
}

/**
 * Adds the cells to stats_hourly inside the caller's transaction: counts by
 * addition in SQL, sketches merged with the stored ones (read, merged,
 * written back; on PostgreSQL a lock per metric and hour and the read's row
 * locks make two nodes' merges of one row take turns, new rows included).
 * Locks and rows in one fixed order (sorted keys), so nodes cannot deadlock
 * on them.
 */
export async function writeCells(trx: DB, cells: Cells, postgres: boolean): Promise<void> {
  const list = [...cells.map.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((e) => e[1]);
  // Stored sketches of the cells that carry one, fetched per metric and hour.
  const groups = new Map<string, Cell[]>();
  for (const c of list) {
    if (!c.hll) continue;
    const g = `${c.metric}\n${c.hour}`;
    const arr = groups.get(g);
    if (arr) arr.push(c);
    else groups.set(g, [c]);
  }
  if (postgres) {
    // FOR UPDATE below locks only rows that exist: two nodes adding to the same new row would each find none,
    // and the second's upsert would replace the first's sketch with its own (its count adds up; its readers would
    // be lost). A transaction lock per metric and hour, taken in one sorted order before any row, makes the
    // second wait and then read the first's row.
    for (const g of [...groups.keys()].sort())
      await sql`select pg_advisory_xact_lock(hashtextextended(${`stats_hourly\n${g}`}, 0))`.execute(trx);
  }
  for (const arr of groups.values()) {
    for (let i = 0; i < arr.length; i += 500) {
      const part = arr.slice(i, i + 500);
      let q = trx
        .selectFrom('stats_hourly')
        .select(['key', 'dim', 'sketch'])
        .where('metric', '=', part[0].metric)
        .where('hour', '=', part[0].hour)
        .where('key', 'in', [...new Set(part.map((c) => c.key))]);
      if (postgres) q = q.forUpdate();
      const stored = new Map((await q.execute()).map((r) => [`${r.key}\n${r.dim}`, r.sketch]));
      for (const c of part) {
        const s = stored.get(`${c.key}\n${c.dim}`);
        if (s) c.hll!.merge(Hll.parse(s));
      }
    }
  }
  for (let i = 0; i < list.length; i += BATCH) {
    const rows = list.slice(i, i + BATCH).map((c) => ({
      metric: c.metric,
      key: c.key,
      dim: c.dim,
      hour: c.hour,
      n: c.n,
      sketch: c.hll ? c.hll.serialise() : null,
    }));
    await trx
      .insertInto('stats_hourly')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['metric', 'key', 'dim', 'hour']).doUpdateSet({
          n: sql<number>`stats_hourly.n + excluded.n`,
          sketch: sql<string | null>`coalesce(excluded.sketch, stats_hourly.sketch)`,
        }),
      )
      .execute();
  }
}

/**
 * The recorder of events that are not views (favorites, positions, taps,
 * push outcomes, survey answers): their request writes its own row as
 * before, and the rollup addition waits in memory and is written every
 * flushMs (or at close) in one transaction, the way views are buffered.
 * A failed write keeps its cells for the next one.
 */
export function statsRecorder(db: DB, clock: ServerClock, postgres: boolean, flushMs = 1000) {
  let pending = new Cells();
  let timer: ReturnType<ServerClock['setTimeout']> | null = null;
  let flushing: Promise<void> | null = null;

  async function flushNow(): Promise<void> {
    if (!pending.size) return;
    const taken = pending;
    pending = new Cells();
    try {
      await db.transaction().execute((trx) => writeCells(trx, taken, postgres));
    } catch (e) {
      for (const c of taken.map.values()) {
        const into = pending.map.get(`${c.metric}\n${c.key}\n${c.dim}\n${c.hour}`);
        if (!into) pending.map.set(`${c.metric}\n${c.key}\n${c.dim}\n${c.hour}`, c);
        else {
          into.n += c.n;
          if (c.hll) (into.hll ??= new Hll()).merge(c.hll);
        }
      }
      throw e;
    }
  }

  function flush(): Promise<void> {
    if (flushing) return flushing.then(() => flush());
    flushing = flushNow().finally(() => (flushing = null));
    return flushing;
  }

  return {
    postgres,
    add(metric: string, key: number, dim: string, n = 1, reader?: string, atSec = clock.nowSec()): void {
      pending.add(metric, key, dim, atSec, n, reader);
      if (timer) return;
      timer = clock.setTimeout(() => {
        timer = null;
        flush().catch((e: unknown) => console.error('stats flush failed (kept for the next one)', e));
      }, flushMs);
      (timer as { unref?: () => void }).unref?.();
    },
    flush,
    /** Drops raw tap-log rows older than this (s): the retention of raw events; the rollups stay. */
    async pruneRaw(before: number): Promise<number> {
      const r = await db.deleteFrom('tap_logs').where('created_at', '<', before).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async close(): Promise<void> {
      if (timer) clock.clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}

export type StatsRecorder = ReturnType<typeof statsRecorder>;
