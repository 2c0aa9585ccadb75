import type PgBoss from 'pg-boss';
import type { DB } from '../db/index.js';
import { sqlExecutor } from '../db/executeSql.js';
import type { PushJob, PushQueue, QueueOptions } from './queue.js';

const QUEUE = 'push-release';

/**
 * The fan-out queue on PostgreSQL: pg-boss (its own schema `pgboss`, a
 * small pool of its own). Jobs are inserted through the caller's
 * transaction (pg-boss's `db` option), so they exist exactly when the
 * claim commits. A job a killed node held expires after expireSeconds
 * (found by pg-boss's maintenance, run by one node at a time) and is
 * retried on any node; a handler that throws is retried with backoff.
 */
export async function bossQueue(databaseUrl: string, opts: QueueOptions): Promise<PushQueue> {
  // Loaded here, on PostgreSQL only: a node on SQLite never holds it (its heap).
  const { default: Boss } = await import('pg-boss');
  const boss: PgBoss = new Boss({
    connectionString: databaseUrl,
    max: 3,
    schedule: false,
    // Expired jobs are found by maintenance: look as often as a job may expire.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, opts.expireSeconds)),
  });
  boss.on('error', (err) => opts.onError(err));
  await boss.start();
  const queue = { retryLimit: opts.maxAttempts, retryDelay: opts.retrySeconds, retryBackoff: true, expireInSeconds: opts.expireSeconds };
  await createQueueOnce(
    () => boss.createQueue(QUEUE, { name: QUEUE, ...queue }),
    async () => (await boss.getQueue(QUEUE)) !== null,
  );
  return {
    async enqueue(trx: DB, jobs: PushJob[], delaySeconds = 0) {
      const db = sqlExecutor(trx);
      const startAfter = delaySeconds > 0 ? new Date(opts.clock.now() + delaySeconds * 1000) : undefined;
      for (let i = 0; i < jobs.length; i += 200)
        await boss.insert(
          jobs.slice(i, i + 200).map((data) => ({ name: QUEUE, data, ...queue, ...(startAfter ? { startAfter } : {}) })),
          { db },
        );
    },
    async work(workers, handler) {
      for (let i = 0; i < workers; i++)
        await boss.work<PushJob>(QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const j of jobs) await handler(j.data);
        });
    },
    kick() {
      // pg-boss polls every half second.
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}

/**
 * Creates the queue, or finds it made by another node. Nodes started together
 * race in pg-boss's create_queue (DDL for the queue's partition): PostgreSQL
 * may end one of them as a deadlock victim before the winner commits, so a
 * failure is looked at again after a pause, up to five times.
 */
export async function createQueueOnce(create: () => Promise<void>, exists: () => Promise<boolean>, pauseMs = 200): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await create();
      return;
    } catch (err) {
      await new Promise((r) => setTimeout(r, pauseMs * attempt));
      if (await exists()) return;
      if (attempt >= 5) throw err;
    }
  }
}
