import { sql, type Kysely } from 'kysely';

/**
 * Issue 49: rollups smaller than the raw events they roll up. Hours older
 * than STATS_HOURLY_DAYS are read from their UTC days (server/stats/compaction.ts),
 * and their hourly rows and blocks of hours are deleted. This table holds
 * where that starts (`before_hour`, a UTC midnight in hours since the epoch;
 * 0 until the first compaction): one row, moved forward by a conditional
 * update, so one node of the deployment claims each new day of it. And the
 * titles' blocks of 2 to 16 days go (server/stats/blocks.ts: their days
 * are read instead; the blocks held most of the sketches' bytes).
 */
export function statsCompaction() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('stats_compaction')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('before_hour', 'integer', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into stats_compaction (name, before_hour, claimed_at) values ('hourly', 0, 0)`.execute(db);
      for (const len of ['2d', '4d', '8d', '16d']) await sql`delete from stats_hourly where metric = ${`view.title:${len}`}`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('stats_compaction').execute();
    },
  };
}
