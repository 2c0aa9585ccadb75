import type { Kysely } from 'kysely';
import { addBlocks } from './0017_stats_days.js';

/** The metrics rolled up in blocks beside their days, and the lengths (server/stats/blocks.ts, as at this migration). */
const DAYS = [48, 96, 192, 384];
const LENGTHS: [string, number[]][] = [
  ['view.title', DAYS],
  ['view.all', [2, 4, 8, ...DAYS]],
  ['reader.new', [2, 4, 8, ...DAYS]],
];
const name = (metric: string, hours: number) => (hours % 24 === 0 ? `${metric}:${hours / 24}d` : `${metric}:${hours}h`);

/**
 * Issue 33's bench: with days only, a period still read 24 hourly rows a
 * local day for its buckets, and a row a day for every title.
 * Titles are now rolled up in blocks of 2, 4, 8 and 16 days too, and views
 * and new readers in all in blocks of 2, 4 and 8 hours as well
 * (server/stats/blocks.ts); this adds the blocks of the hours recorded
 * before.
 */
export function statsBlocks() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [metric, lengths] of LENGTHS) for (const hours of lengths) await addBlocks(db, metric, hours, name(metric, hours));
    },
  };
}
