import type { Kysely } from 'kysely';
import { addBlocks } from './0017_stats_days.js';

/** The metrics rolled up in blocks of hours and days beside their days (server/stats/blocks.ts, as at this migration). */
const LONG = ['view.title', 'view.all', 'reader.new'];
const LENGTHS = [2, 4, 8, 48, 96, 192, 384];
const name = (metric: string, hours: number) => (hours % 24 === 0 ? `${metric}:${hours / 24}d` : `${metric}:${hours}h`);

/**
 * Issue 33's bench: with days only, a period still read 24 hourly rows a
 * local day for its buckets, and up to 46 at its ends for every title.
 * The metrics read for every title or in all are now rolled up in blocks of
 * 2, 4 and 8 hours and 2, 4, 8 and 16 days too (server/stats/blocks.ts);
 * this adds the blocks of the hours recorded before.
 */
export function statsBlocks() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const metric of LONG) for (const hours of LENGTHS) await addBlocks(db, metric, hours, name(metric, hours));
    },
  };
}
