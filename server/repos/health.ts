import { sql } from 'kysely';
import type { DB } from '../db/index.js';

/** What readiness asks of the database (server/plugins/health.ts). */
export function healthRepo(db: DB) {
  return {
    /** The database answers. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },

    /** The database takes a write: health_probe's one row (a table of no schema type: migration 0016) set to now (s). */
    async probeWrite(now: number): Promise<void> {
      await sql`insert into health_probe (id, at) values (1, ${now}) on conflict (id) do update set at = excluded.at`.execute(db);
    },
  };
}
