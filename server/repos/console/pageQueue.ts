import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import { sqlExecutor } from '../../db/executeSql.js';

/** What pg-boss runs its statements on when it is given one (its `db` option). */
export type SqlExecutor = ReturnType<typeof sqlExecutor>;

/**
 * The page jobs' queue in pg-boss's tables (PostgreSQL only; pg-boss's
 * schema `pgboss` is its own, not in server/db/schema.ts): its statements
 * run on this repository's database, a write's transaction when a job is
 * sent with the row that queues it.
 */
export function pageQueueRepo(db: DB) {
  return {
    /** pg-boss's statements, run on this repository's database (or transaction). */
    executor: (): SqlExecutor => sqlExecutor(db),

    /** Waits for a transaction-scoped advisory lock (held until the transaction ends). */
    async lock(key: number): Promise<void> {
      await sql`select pg_advisory_xact_lock(${key})`.execute(db);
    },

    /** Chapters whose job is queued or unfinished and has no live job (created, waiting for a retry, active) in `queue`. */
    async rowsWithoutJob(queue: string): Promise<number[]> {
      const r = await sql<{ id: number }>`
        select c.id from console_chapters c
        where c.job_state in ('queued', 'running')
          and not exists (
            select 1 from pgboss.job j
            where j.name = ${queue} and j.state in ('created', 'retry', 'active') and j.data->>'chapterId' = c.id::text
          )
        order by c.id`.execute(db);
      return r.rows.map((row) => row.id);
    },
  };
}
