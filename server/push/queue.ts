import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import { pushJobsRepo } from '../repos/pushJobs.js';

/** One fan-out job: a batch of a chapter's subscribers (visitor tokens), and which try this is for them. */
export interface PushJob {
  chapterId: number;
  visitors: string[];
  attempt: number;
}

/** Subscribers per job. */
export const BATCH = 100;

export interface QueueOptions {
  /** A job leased longer than this is taken again (its node died). */
  expireSeconds: number;
  /** Tries of a job that throws (a database failure) before it is dropped. */
  maxAttempts: number;
  /** Delay before a thrown job is tried again (s, doubled per failure). */
  retrySeconds: number;
  onError: (err: unknown, job?: PushJob) => void;
  /** Due times and leases (the outbox's; pg-boss keeps its own in the database). */
  clock: ServerClock;
}

/**
 * The durable fan-out queue: jobs are created through the caller's database
 * handle (the claim's transaction: they exist exactly when the claim
 * commits) and handled at least once, on any node, until the handler
 * returns. SQLite: the push_jobs outbox (this file); PostgreSQL: pg-boss
 * (boss.ts).
 */
export interface PushQueue {
  enqueue(db: DB, jobs: PushJob[], delaySeconds?: number): Promise<void>;
  /** Starts handling jobs (`workers` at a time on this node). */
  work(workers: number, handler: (job: PushJob) => Promise<void>): Promise<void>;
  /** A job was just created here: look now rather than at the next poll. */
  kick(): void;
  /** Stops taking jobs and waits for those running. */
  stop(): Promise<void>;
}

/** Milliseconds between polls of the outbox for jobs created by another process, or due later. */
const POLL_MS = 500;

/**
 * SQLite outbox (server/repos/pushJobs.ts): a job is leased with one conditional UPDATE (free or lease
 * run out, due), deleted when its handler returns, released with a later
 * run_at when it throws. A process killed with a job leased leaves the
 * lease to run out (expireSeconds), then any process takes the job again.
 */
export function outboxQueue(db: DB, opts: QueueOptions): PushQueue {
  const outbox = pushJobsRepo(db);
  let stopped = false;
  const sleepers = new Set<() => void>();
  const loops: Promise<void>[] = [];

  async function take(): Promise<{ id: number; job: PushJob; failures: number } | null> {
    const now = opts.clock.now();
    const row = await outbox.take(now, now + opts.expireSeconds * 1000);
    return row ? { id: row.id, job: JSON.parse(row.data) as PushJob, failures: row.failures } : null;
  }

  async function loop(handler: (job: PushJob) => Promise<void>): Promise<void> {
    while (!stopped) {
      let taken: Awaited<ReturnType<typeof take>> = null;
      try {
        taken = await take();
      } catch (err) {
        opts.onError(err);
      }
      if (!taken) {
        await new Promise<void>((r) => {
          const done = () => {
            opts.clock.clearTimeout(t);
            sleepers.delete(done);
            r();
          };
          const t = opts.clock.setTimeout(done, POLL_MS);
          sleepers.add(done);
        });
        continue;
      }
      try {
        await handler(taken.job);
        await outbox.remove(taken.id);
      } catch (err) {
        opts.onError(err, taken.job);
        const failures = taken.failures + 1;
        const q =
          failures >= opts.maxAttempts
            ? outbox.remove(taken.id)
            : outbox.release(taken.id, failures, opts.clock.now() + opts.retrySeconds * 1000 * 2 ** (failures - 1));
        await q.catch((e: unknown) => opts.onError(e, taken.job));
      }
    }
  }

  return {
    async enqueue(trx, jobs, delaySeconds = 0) {
      const runAt = opts.clock.now() + delaySeconds * 1000;
      await pushJobsRepo(trx).add(
        jobs.map((j) => JSON.stringify(j)),
        runAt,
      );
    },
    work(workers, handler) {
      for (let i = 0; i < workers; i++) loops.push(loop(handler));
      return Promise.resolve();
    },
    kick() {
      for (const w of [...sleepers]) w();
    },
    async stop() {
      stopped = true;
      for (const w of [...sleepers]) w();
      await Promise.all(loops);
    },
  };
}
