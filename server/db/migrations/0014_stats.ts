import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The analyst's rollups. One row per metric, key, dimension and
 * hour (hours since the epoch, UTC): a count and, where readers are counted,
 * a HyperLogLog sketch of them (server/lib/hll.ts, text). Hours, not days,
 * so a day in any whole-hour time zone is a set of rows and a DST change
 * only moves which hours a day holds. Kept when raw events are dropped.
 */
export function stats(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('stats_hourly')
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('key', 'integer', (c) => c.notNull())
        .addColumn('dim', 'text', (c) => c.notNull())
        .addColumn('hour', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('sketch', 'text')
        .addPrimaryKeyConstraint('stats_hourly_pk', ['metric', 'key', 'dim', 'hour'])
        .execute();
      await db.schema.createIndex('stats_hourly_metric_hour').on('stats_hourly').columns(['metric', 'hour']).execute();
    },
  };
}
