import type { DB } from '../db/index.js';

/** A leased outbox row: its id, its job (JSON, server/push/queue.ts) and the runs of it that threw. */
interface PushJobRow {
  id: number;
  data: string;
  failures: number;
}

/** Rows per insert (SQLite limits a statement's parameters). */
const INSERT_CHUNK = 50;

/**
 * The fan-out outbox on SQLite (push_jobs; server/push/queue.ts runs it): jobs
 * added through the caller's handle (the claim's transaction), leased with one
 * conditional UPDATE, deleted when done, released for a later run when they threw.
 */
export function pushJobsRepo(db: DB) {
  return {
    /** Adds the jobs (JSON each), due at runAt (ms). */
    async add(data: string[], runAt: number): Promise<void> {
      for (let i = 0; i < data.length; i += INSERT_CHUNK)
        await db
          .insertInto('push_jobs')
          .values(data.slice(i, i + INSERT_CHUNK).map((d) => ({ data: d, run_at: runAt, locked_until: 0, failures: 0 })))
          .execute();
    },

    /**
     * Leases the oldest job due at now (ms) that is free or whose lease ran out, until lockedUntil;
     * undefined when there is none (or another worker leased it first).
     */
    async take(now: number, lockedUntil: number): Promise<PushJobRow | undefined> {
      const row = await db
        .updateTable('push_jobs')
        .set({ locked_until: lockedUntil })
        .where(
          'id',
          '=',
          db.selectFrom('push_jobs').select('id').where('run_at', '<=', now).where('locked_until', '<', now).orderBy('id').limit(1),
        )
        .where('locked_until', '<', now)
        .returning(['id', 'data', 'failures'])
        .executeTakeFirst();
      return row ? { id: Number(row.id), data: row.data, failures: row.failures } : undefined;
    },

    /** Drops a job (done, or out of tries). */
    async remove(id: number): Promise<void> {
      await db.deleteFrom('push_jobs').where('id', '=', id).execute();
    },

    /** Frees a job that threw, counting the failure, to run again at runAt (ms). */
    async release(id: number, failures: number, runAt: number): Promise<void> {
      await db.updateTable('push_jobs').set({ failures, locked_until: 0, run_at: runAt }).where('id', '=', id).execute();
    },

    /** Jobs in the outbox, due or later. */
    async count(): Promise<number> {
      const r = await db
        .selectFrom('push_jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
