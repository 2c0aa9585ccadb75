import type { DB } from '../db/index.js';
import { Hll } from '../lib/hll.js';
import { DAILY, dayMetric } from './rollup.js';
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
}

export function period(tz: string, from: string, to: string, by: By): Period {
  const range = dayRange(tz, from, to);
  const n = daysBetween(from, to) + 1;
  const previous = dayRange(tz, addDays(from, -n), addDays(from, -1));
  const bucketOfHour = new Map<number, string>();
  const buckets: string[] = [];
  for (const d of range.days) {
    const b = bucketOf(d.date, by);
    if (buckets[buckets.length - 1] !== b) buckets.push(b);
    for (let h = d.from; h < d.to; h++) bucketOfHour.set(h, b);
  }
  return { tz, from, to, by, range, previous, bucketOfHour, buckets };
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
export async function rollups(
  db: DB,
  metrics: readonly string[],
  fromHour: number,
  toHour: number,
  opts: RollupOptions = {},
): Promise<Row[]> {
  if (opts.keys && !opts.keys.length) return [];
  let q = db
    .selectFrom('stats_hourly')
    .where('metric', 'in', [...metrics])
    .where('hour', '>=', fromHour)
    .where('hour', '<', toHour);
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
 * The rows of these metrics covering [fromHour, toHour) in the fewest rows:
 * the whole UTC days inside from the metrics' daily rows (rollup.ts DAILY;
 * named and placed as the metric at the day's first hour), the hours at
 * either end from the hourly rows. Added up they give the same counts and
 * the same union of readers as the hourly rows alone, not per hour.
 */
export async function spanned(
  db: DB,
  metrics: readonly string[],
  fromHour: number,
  toHour: number,
  opts: RollupOptions = {},
): Promise<Row[]> {
  const firstDay = Math.ceil(fromHour / 24) * 24;
  const endDay = Math.floor(toHour / 24) * 24;
  if (firstDay >= endDay || !metrics.every((m) => DAILY.has(m))) return rollups(db, metrics, fromHour, toHour, opts);
  const days = await rollups(db, metrics.map(dayMetric), firstDay, endDay, opts);
  const names = new Map(metrics.map((m) => [dayMetric(m), m]));
  for (const r of days) r.metric = names.get(r.metric)!;
  const head = firstDay > fromHour ? await rollups(db, metrics, fromHour, firstDay, opts) : [];
  const tail = toHour > endDay ? await rollups(db, metrics, endDay, toHour, opts) : [];
  return [...head, ...days, ...tail];
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
