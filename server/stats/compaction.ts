import type { DB } from '../db/index.js';
import { BLOCKS, blockMetric } from './blocks.js';

const DAY_HOURS = 24;

/**
 * Issue 49: rollups smaller than what they roll up. Every view went into an
 * hourly row of its chapter and of its title beside their days (blocks.ts):
 * rows that grow with events, not with chapters × days. The hours are
 * needed where a local day or a send window starts at any whole hour; for
 * old data the UTC days are kept and the hours go:
 *
 * - hours before `before_hour` (stats_compaction, a UTC midnight
 *   STATS_HOURLY_DAYS before today's) are read from their UTC days
 *   (query.ts spanned(): a day counts in the range that holds its noon, so
 *   a local day is read as the UTC day it overlaps most);
 * - and their hourly rows and blocks shorter than a day, of the metrics that
 *   have days (COMPACTED), are deleted. The days were written with the hours,
 *   in the same transaction, so nothing is merged here: deleting is all, and
 *   deleting again (a second node, a late flush's hour) changes nothing read.
 *
 * One node claims each new day of it (a conditional update of before_hour);
 * reads follow before_hour as soon as it moves, so a period read during the
 * deletion reads the days, which are all there.
 */

/** Metrics whose hours are compacted: those with UTC days. Others (favorites, push, taps, cover tests) keep their hours. */
export const COMPACTED: readonly string[] = [...BLOCKS].filter(([, lens]) => lens.includes(DAY_HOURS)).map(([m]) => m);

/** The rows deleted below before_hour: each compacted metric's hours and its blocks shorter than a day. */
export const compactedNames: readonly string[] = COMPACTED.flatMap((m) => [
  m,
  ...(BLOCKS.get(m) ?? []).filter((l) => l < DAY_HOURS).map((l) => blockMetric(m, l)),
]);

/** Hours before this are read from their UTC days (0: none yet). */
export async function compactedBefore(db: DB): Promise<number> {
  const row = await db.selectFrom('stats_compaction').select('before_hour').where('name', '=', 'hourly').executeTakeFirst();
  return Number(row?.before_hour ?? 0);
}

/** The first hour kept hourly when it is nowSec and keepDays days are kept: the UTC midnight keepDays days before today's. */
export const keptFrom = (nowSec: number, keepDays: number): number => (Math.floor(nowSec / 86_400) - keepDays) * DAY_HOURS;

/**
 * Moves before_hour to keptFrom(now, keepDays) when it is behind, and then
 * deletes what the days hold below it, a UTC day of a metric a statement
 * (small transactions beside the flushes). Only the node whose update moved
 * it deletes; the others, and this one until tomorrow, get null. A node that
 * dies halfway leaves rows that the next day's compaction deletes (it deletes
 * everything below, not only the new day). Returns the rows deleted.
 */
export async function compactStats(db: DB, nowSec: number, keepDays: number): Promise<number | null> {
  const before = keptFrom(nowSec, keepDays);
  const claimed = await db
    .updateTable('stats_compaction')
    .set({ before_hour: before, claimed_at: nowSec })
    .where('name', '=', 'hourly')
    .where('before_hour', '<', before)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  return deleteCompacted(db, before);
}

/** Deletes the compacted metrics' hours and short blocks below `before`, one UTC day of one metric at a time. */
async function deleteCompacted(db: DB, before: number): Promise<number> {
  let deleted = 0;
  for (const metric of compactedNames) {
    const first = await db
      .selectFrom('stats_hourly')
      .select((eb) => eb.fn.min('hour').as('lo'))
      .where('metric', '=', metric)
      .where('hour', '<', before)
      .executeTakeFirst();
    if (first?.lo === null || first?.lo === undefined) continue;
    for (let day = Number(first.lo) - (Number(first.lo) % DAY_HOURS); day < before; day += DAY_HOURS) {
      const r = await db
        .deleteFrom('stats_hourly')
        .where('metric', '=', metric)
        .where('hour', '>=', day)
        .where('hour', '<', Math.min(day + DAY_HOURS, before))
        .executeTakeFirst();
      deleted += Number(r.numDeletedRows);
    }
  }
  return deleted;
}
