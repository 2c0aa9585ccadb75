import { sql, type Kysely } from 'kysely';
import { Hll } from '../../lib/hll.js';

/** Rows a read. */
const PAGE = 500;

interface Stored {
  metric: string;
  key: number;
  dim: string;
  hour: number;
  sketch: string;
}

/**
 * Issue 33's bench: dense sketches were stored deflated ('Z'), and a
 * dashboard inflating thousands of them spent ~280 µs a row on zlib. They are
 * now written packed ('B', server/lib/hllText.ts); this rewrites the ones
 * stored before, a page at a time in key order, so old periods read as fast.
 */
export function packedSketches() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const page = async (from: Stored | undefined) =>
        (
          await sql<Stored>`select metric, key, dim, hour, sketch from stats_hourly
            where sketch like 'Z%' ${from ? sql`and (metric, key, dim, hour) > (${from.metric}, ${from.key}, ${from.dim}, ${from.hour})` : sql``}
            order by metric, key, dim, hour limit ${PAGE}`.execute(db)
        ).rows;
      for (let rows = await page(undefined); rows.length; rows = rows.length < PAGE ? [] : await page(rows[rows.length - 1])) {
        for (const r of rows)
          await sql`update stats_hourly set sketch = ${Hll.parse(r.sketch).serialise()}
            where metric = ${r.metric} and key = ${r.key} and dim = ${r.dim} and hour = ${r.hour}`.execute(db);
      }
    },
  };
}
