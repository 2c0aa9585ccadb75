import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Issue 33's bench: on PostgreSQL every views flush looks up and upserts
 * thousands of (visitor_token, chapter_id) pairs in viewed_chapters' primary
 * key, and thousands of rollup rows by (metric, key, dim, hour). In a
 * database created in a libc locale (C.UTF-8 here, en_US.UTF-8 elsewhere)
 * those text keys are compared through strcoll: 5,000 lookups of pairs took
 * 165 ms against 17 ms compared byte for byte (EXPLAIN ANALYZE, 1 million
 * rows, every page in shared buffers). They are opaque keys, never sorted
 * for people: compared as bytes (collation "C"). Rebuilds the indexes on
 * them once. SQLite compares bytes already.
 */
export function bytewiseKeys(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`alter table viewed_chapters alter column visitor_token type text collate "C"`.execute(db);
      await sql`alter table stats_hourly alter column metric type text collate "C", alter column dim type text collate "C"`.execute(db);
    },
  };
}
