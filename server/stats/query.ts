import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { DB } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { Hll } from '../lib/hll.js';
import { blockMetric, commonLengths, tile } from './blocks.js';
import { COMPACTED, compactedBefore } from './compaction.js';
import { bucketOf, dayRange, daysBetween, addDays, type DayRange } from './zone.js';

export type By = 'day' | 'week' | 'month';

/** A dashboard's period: local days from..to in a zone, bucketed, and the period of equal length before it. */
export interface Period {
  tz: string;
  from: string;
  to: string;
  by: By;
  range: DayRange;
  previous: DayRange;
  /** Hour → bucket start date, for the hours of the period. */
  bucketOfHour: Map<number, string>;
  buckets: string[];
  /** Each bucket's hours, [from, to). */
  bucketRanges: [number, number][];
}

export function period(tz: string, from: string, to: string, by: By): Period {
  const range = dayRange(tz, from, to);
  const n = daysBetween(from, to) + 1;
  const previous = dayRange(tz, addDays(from, -n), addDays(from, -1));
  const bucketOfHour = new Map<number, string>();
  const buckets: string[] = [];
  const bucketRanges: [number, number][] = [];
  for (const d of range.days) {
    const b = bucketOf(d.date, by);
    if (buckets[buckets.length - 1] !== b) {
      buckets.push(b);
      bucketRanges.push([d.from, d.to]);
    } else bucketRanges[bucketRanges.length - 1][1] = d.to;
    for (let h = d.from; h < d.to; h++) bucketOfHour.set(h, b);
  }
  return { tz, from, to, by, range, previous, bucketOfHour, buckets, bucketRanges };
}

export interface Row {
  metric: string;
  key: number;
  dim: string;
  hour: number;
  n: number;
  sketch: string | null;
}

/** What to read: some keys only; no sketches; or only each metric, key and dim's total (sum: one row each, at its first hour, no sketch). */
interface RollupOptions {
  keys?: readonly number[];
  sketches?: boolean;
  sum?: boolean;
}

/** Rollup rows of these metrics in [fromHour, toHour), optionally of some keys only. Never a raw event. */
export function rollups(db: DB, metrics: readonly string[], fromHour: number, toHour: number, opts: RollupOptions = {}): Promise<Row[]> {
  return read(db, (eb) => eb.and([eb('metric', 'in', [...metrics]), eb('hour', '>=', fromHour), eb('hour', '<', toHour)]), opts);
}

type Where = (eb: ExpressionBuilder<Database, 'stats_hourly'>) => Expression<SqlBool>;

async function read(db: DB, where: Where, opts: RollupOptions): Promise<Row[]> {
  if (opts.keys && !opts.keys.length) return [];
  let q = db.selectFrom('stats_hourly').where(where);
  if (opts.keys) q = q.where('key', 'in', [...opts.keys]);
  if (opts.sum) {
    const rows = await q
      .select(['metric', 'key', 'dim', (eb) => eb.fn.min('hour').as('hour'), (eb) => eb.fn.sum<number>('n').as('n')])
      .groupBy(['metric', 'key', 'dim'])
      .execute();
    return rows.map((r) => ({ ...r, key: Number(r.key), hour: Number(r.hour), n: Number(r.n), sketch: null }));
  }
  const cols = q.select(['metric', 'key', 'dim', 'hour', 'n']);
  if (opts.sketches === false) {
    const rows = await cols.execute();
    return rows.map((r) => ({ ...r, key: Number(r.key), hour: Number(r.hour), n: Number(r.n), sketch: null }));
  }
  const rows = await cols.select('sketch').execute();
  return rows.map((r) => ({ ...r, key: Number(r.key), hour: Number(r.hour), n: Number(r.n) }));
}

/**
 * The rows of these metrics covering each of these ranges of hours in the
 * fewest rows: the aligned blocks that tile it (blocks.ts), named back as the
 * metric at the block's first hour, so a row falls in the range (and the
 * bucket) its hours do. Added up they give the same counts and the same
 * union of readers as the hourly rows alone, not per hour. With sum, one
 * row per metric, key and dim over all the ranges (at its first block).
 * Hours compacted into their UTC days (compaction.ts) are read as the days
 * whose noon the range holds, each named at its noon.
 */
export async function spanned(
  db: DB,
  metrics: readonly string[],
  ranges: readonly (readonly [number, number])[],
  opts: RollupOptions = {},
): Promise<Row[]> {
  const rows = await blockRows(db, metrics, ranges, opts);
  if (!opts.sum) return rows;
  // Summed per block length (or range): added up per metric, key and dim.
  const sums = new Map<string, Row>();
  for (const r of rows) {
    const k = `${r.metric}\n${r.key}\n${r.dim}`;
    const into = sums.get(k);
    if (!into) sums.set(k, r);
    else {
      into.n += r.n;
      into.hour = Math.min(into.hour, r.hour);
    }
  }
  return [...sums.values()];
}

async function blockRows(
  db: DB,
  metrics: readonly string[],
  ranges: readonly (readonly [number, number])[],
  opts: RollupOptions,
): Promise<Row[]> {
  const lengths = commonLengths(metrics);
  if (!lengths.length) return (await Promise.all(ranges.map(([from, to]) => rollups(db, metrics, from, to, opts)))).flat();
  // Below `old` only the UTC days are kept (compaction.ts): a range's days there are those whose noon it holds.
  const old = lengths.includes(DAY_HOURS) && metrics.every((m) => COMPACTED.includes(m)) ? await compactedBefore(db) : 0;
  const days = lengths.filter((l) => l % DAY_HOURS === 0);
  const starts = new Map<number, number[]>();
  const put = (start: number, len: number) => {
    const list = starts.get(len);
    if (list) list.push(start);
    else starts.set(len, [start]);
  };
  for (const [from, to] of ranges) {
    const [oldFrom, oldTo] = oldDays(from, Math.min(to, old));
    for (const [start, len] of tile(oldFrom, oldTo, days)) put(start, len);
    for (const [start, len] of tile(Math.max(from, old), to, lengths)) put(start, len);
  }
  if (!starts.size) return [];
  const names = new Map(metrics.flatMap((m) => [...starts.keys()].map((len) => [blockMetric(m, len), m] as const)));
  const rows = await read(
    db,
    (eb) =>
      eb.or(
        [...starts].map(([len, hours]) =>
          eb.and([
            eb(
              'metric',
              'in',
              metrics.map((m) => blockMetric(m, len)),
            ),
            eb('hour', 'in', hours),
          ]),
        ),
      ),
    opts,
  );
  for (const r of rows) {
    r.metric = names.get(r.metric)!;
    // An old day is named at its noon: in the range (and the bucket) that holds it, whatever the zone.
    if (r.hour < old) r.hour += NOON;
  }
  return rows;
}

const DAY_HOURS = 24;
const NOON = 12;

/** The whole UTC days (as hours, [from, to)) whose noon is in [from, to): none when to <= from. */
function oldDays(from: number, to: number): [number, number] {
  const first = Math.ceil((from - NOON) / DAY_HOURS) * DAY_HOURS;
  const last = Math.ceil((to - NOON) / DAY_HOURS) * DAY_HOURS;
  return [first, Math.max(first, last)];
}

/** A running total: a count and, once a sketch is added, the union of readers. */
export class Tally {
  n = 0;
  hll: Hll | null = null;

  add(r: Row): void {
    this.n += r.n;
    if (r.sketch) (this.hll ??= Hll.dense()).mergeText(r.sketch);
  }

  /** Adds another total (a bucket's, into the period's). */
  addTally(t: Tally): void {
    this.n += t.n;
    if (t.hll) (this.hll ??= new Hll()).merge(t.hll);
  }

  get readers(): number {
    return this.hll ? this.hll.count() : 0;
  }
}

/** Tallies by a string key. */
export class Tallies extends Map<string, Tally> {
  of(k: string): Tally {
    let t = this.get(k);
    if (!t) this.set(k, (t = new Tally()));
    return t;
  }
}

/** Readers in both sketches: |A| + |B| − |A ∪ B| (inclusion–exclusion, so its error is that of the union's count). */
export function overlap(a: Hll | null, b: Hll | null): number {
  if (!a || !b) return 0;
  const union = a.clone().merge(b);
  return Math.max(0, a.count() + b.count() - union.count());
}

/** Change from the previous figure, as a fraction (null when there was none before). */
export const change = (now: number, before: number): number | null => (before > 0 ? (now - before) / before : null);

export const inRange = (h: number, r: DayRange): boolean => h >= r.fromHour && h < r.toHour;
