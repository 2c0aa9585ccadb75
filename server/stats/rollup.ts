import { sql } from 'kysely';
import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import { Hll } from '../lib/hll.js';
import { BLOCKS, blockMetric } from './blocks.js';

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

/** An accumulator of rollup additions: what one flush (or one transaction) adds to stats_hourly. */
export class Cells {
  readonly map = new Map<string, Cell>();
  /** Readers' hashes: a view goes into several sketches (chapter, title, all), hashed once. */
  private readonly hashes = new Map<string, number>();

  /** Adds n to a metric's hour (from a time in seconds) and its blocks (blocks.ts), and the reader to their sketches. */
  add(metric: string, key: number, dim: string, atSec: number, n: number, reader?: string): void {
    let h: number | undefined;
    if (reader !== undefined) {
      h = this.hashes.get(reader);
      if (h === undefined) this.hashes.set(reader, (h = Hll.hash(reader)));
    }
    const hour = Math.floor(atSec / HOUR);
    this.cell(metric, key, dim, hour, n, h);
    for (const len of BLOCKS.get(metric) ?? []) this.cell(blockMetric(metric, len), key, dim, hour - (hour % len), n, h);
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
 * locks make two nodes' merges of one row take turns, new rows included:
 * writeCellsPg). Locks and rows in one fixed order (sorted keys), so nodes
 * cannot deadlock on them.
 */
export async function writeCells(trx: DB, cells: Cells, postgres: boolean): Promise<void> {
  const list = [...cells.map.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((e) => e[1]);
  if (postgres) return writeCellsPg(trx, list);
  // Stored sketches of the cells that carry one, fetched per metric and hour.
  const groups = new Map<string, Cell[]>();
  for (const c of list) {
    if (!c.hll) continue;
    const g = `${c.metric}\n${c.hour}`;
    const arr = groups.get(g);
    if (arr) arr.push(c);
    else groups.set(g, [c]);
  }
  for (const arr of groups.values()) {
    for (let i = 0; i < arr.length; i += 500) {
      const part = arr.slice(i, i + 500);
      const rows = await trx
        .selectFrom('stats_hourly')
        .select(['key', 'dim', 'sketch'])
        .where('metric', '=', part[0].metric)
        .where('hour', '=', part[0].hour)
        .where('key', 'in', [...new Set(part.map((c) => c.key))])
        .execute();
      const stored = new Map(rows.map((r) => [`${r.key}\n${r.dim}`, r.sketch]));
      for (const c of part) c.hll!.mergeText(stored.get(`${c.key}\n${c.dim}`));
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

/** Cells a statement on PostgreSQL, where they go as one array a column (unnest). */
const PG_BATCH = 5000;

/**
 * writeCells on PostgreSQL, in a few statements whatever the number of
 * cells (a flush's locks, reads and upserts were a statement per metric and
 * hour each, then 150 rows a statement). FOR UPDATE locks only rows that
 * exist: two nodes adding to the same new row would each find none, and the
 * second's upsert would replace the first's sketch with its own (its count
 * adds up; its readers would be lost). A transaction lock per metric and
 * hour, taken in one sorted order before any row (one statement, the array
 * in that order), makes the second wait and then read the first's row.
 */
async function writeCellsPg(trx: DB, list: readonly Cell[]): Promise<void> {
  const withSketch = list.filter((c) => c.hll);
  const groups = [...new Set(withSketch.map((c) => `stats_hourly\n${c.metric}\n${c.hour}`))].sort();
  if (groups.length)
    await sql`select pg_advisory_xact_lock(hashtextextended(g, 0)) from unnest(cast(${groups} as text[])) as g`.execute(trx);
  for (let i = 0; i < withSketch.length; i += PG_BATCH) {
    const part = withSketch.slice(i, i + PG_BATCH);
    const { rows } = await sql<{ metric: string; key: number; dim: string; hour: number; sketch: string | null }>`
      select s.metric, s.key, s.dim, s.hour, s.sketch
      from unnest(cast(${part.map((c) => c.metric)} as text[]), cast(${part.map((c) => c.key)} as integer[]),
        cast(${part.map((c) => c.dim)} as text[]), cast(${part.map((c) => c.hour)} as integer[])) as c(m, k, d, h)
      join stats_hourly s on s.metric = c.m and s.key = c.k and s.dim = c.d and s.hour = c.h
      for update of s`.execute(trx);
    const stored = new Map(rows.map((r) => [`${r.metric}\n${r.key}\n${r.dim}\n${r.hour}`, r.sketch]));
    for (const c of part) c.hll!.mergeText(stored.get(`${c.metric}\n${c.key}\n${c.dim}\n${c.hour}`));
  }
  for (let i = 0; i < list.length; i += PG_BATCH) {
    const part = list.slice(i, i + PG_BATCH);
    await sql`insert into stats_hourly (metric, key, dim, hour, n, sketch)
      select * from unnest(cast(${part.map((c) => c.metric)} as text[]), cast(${part.map((c) => c.key)} as integer[]),
        cast(${part.map((c) => c.dim)} as text[]), cast(${part.map((c) => c.hour)} as integer[]),
        cast(${part.map((c) => c.n)} as integer[]), cast(${part.map((c) => (c.hll ? c.hll.serialise() : null))} as text[]))
      on conflict (metric, key, dim, hour) do update set n = stats_hourly.n + excluded.n,
        sketch = coalesce(excluded.sketch, stats_hourly.sketch)`.execute(trx);
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
