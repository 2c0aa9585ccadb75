import type PgBoss from 'pg-boss';
import type { DB } from '../../db/index.js';
import type { ServerClock } from '../../lib/clock.js';
import { consoleRepos, type ConsoleRepos } from '../../repos/console/index.js';
import type { SqlExecutor } from '../../repos/console/pageQueue.js';
import { createQueueOnce } from '../../push/boss.js';

/**
 * What a worker made of a chapter's job: 'handled' (processed, failed, or
 * nothing to do), or 'held' (another node works on it under a live lease:
 * look again later, it may still die).
 */
export type Outcome = 'handled' | 'held';

/**
 * Where the page jobs of console chapters wait. The job's state
 * and progress are always the chapter's row (console_chapters.job_*, its
 * lease the fence between nodes); the queue only says which chapter to look
 * at, and looks again when a node died. SQLite: the rows themselves are the
 * outbox (rowQueue); PostgreSQL: pg-boss (bossPageQueue).
 */
export interface PageQueue {
  /** Records a job for the chapter in the caller's transaction (the one that queued its row), given its repositories. */
  enqueue(trx: ConsoleRepos, chapterId: number): Promise<void>;
  /** Starts handing chapters to `handle` on this node. */
  start(handle: (chapterId: number) => Promise<Outcome>): Promise<void>;
  /** A job was just enqueued here: look now rather than at the next poll. */
  kick(): void;
  /** Resolves when no job waits or runs (on this node; in pg-boss's queue, on any). */
  idle(): Promise<void>;
  /** Stops taking jobs and waits for those running here. */
  stop(): Promise<void>;
}

export interface QueueLog {
  warn(o: unknown, msg: string): void;
}

/** How often the row outbox looks for a job whose node died (ms). */
const SWEEP_MS = 15_000;

/**
 * SQLite: a queued row, or a running one whose lease ran out (its node
 * died), is the job; every node looks for one when kicked and every
 * SWEEP_MS. The handler claims it with a conditional update.
 */
export function rowQueue(db: DB, clock: ServerClock, log: QueueLog): PageQueue {
  let handle: ((chapterId: number) => Promise<Outcome>) | undefined;
  let busy: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: ReturnType<ServerClock['setTimeout']> | undefined;
  const { chapters } = consoleRepos(db);
  const next = (after: number) => chapters.nextJob(after, clock.nowSec());

  async function drain(h: (chapterId: number) => Promise<Outcome>): Promise<void> {
    do {
      again = false;
      // From the lowest id up; one another node took meanwhile is passed ('held').
      for (let id = await next(0); id !== undefined && !stopped; id = await next((await h(id)) === 'held' ? id : 0));
    } while (again && !stopped);
  }

  const queue: PageQueue = {
    enqueue: () => Promise.resolve(),
    start(h) {
      handle = h;
      const sweep = () => {
        if (stopped) return;
        queue.kick();
        timer = clock.setTimeout(sweep, SWEEP_MS);
        (timer as { unref?: () => void }).unref?.();
      };
      sweep();
      return Promise.resolve();
    },
    kick() {
      if (stopped || !handle) return;
      if (busy) {
        again = true;
        return;
      }
      busy = drain(handle)
        .catch((err: unknown) => log.warn({ err }, 'catalog: job worker failed'))
        .finally(() => {
          busy = null;
        });
    },
    async idle() {
      while (busy) await busy;
    },
    async stop() {
      stopped = true;
      if (timer) clock.clearTimeout(timer);
      await queue.idle();
    },
  };
  return queue;
}

const QUEUE = 'console-pages';

/**
 * A job's pg-boss options. pg-boss fails an active job after expireInSeconds
 * (its node died, or it runs long) and retries it retryDelay later on any
 * node: a retry that finds the chapter's lease still renewed (a long chapter
 * on a live node) is 'held' and waits for the next retry, one that finds
 * the lease run out (60 s without progress) takes the job over. So a
 * node's death is repaired within about two and a half minutes, and a
 * chapter may run for 2 + 40 × 0.25 = 12 minutes before its retries run
 * out (a 400-page chapter takes a small part of that).
 */
const JOB = { expireInSeconds: 120, retryLimit: 40, retryDelay: 15, retryBackoff: false };

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Another node's live lease: pg-boss retries the job later. */
class Held extends Error {}

/** The advisory lock of the start-up sweep (any fixed 64-bit number; the seed's is 0x6d616e6761_01). */
const SWEEP_LOCK = 0x6d616e6761_31;

/** Sends a job through the caller's transaction (pg-boss's `db` option). */
async function sendIn(boss: PgBoss, db: SqlExecutor, chapterId: number): Promise<void> {
  await boss.send(QUEUE, { chapterId }, { ...JOB, db });
}

/**
 * The start-up sweep: a job for each queued or unfinished row that has no
 * live one (created, waiting for a retry, or active) in pg-boss's queue.
 * Rows queued before pg-boss was in use (a deployment that moved from
 * SQLite-style rows), a database restored from a backup taken without the
 * `pgboss` schema, a job whose retries ran out while its row was still
 * running: without it such a chapter would stay "processing" forever.
 * Nodes starting together sweep one after the other under a
 * transaction-scoped advisory lock; the rows are read after the lock is
 * held (a statement of its own: READ COMMITTED takes a fresh snapshot), so
 * a later node finds the jobs the first one committed and sends none. A
 * route queueing a row meanwhile commits the row and its job together: the
 * sweep sees both or neither. Returns how many jobs it sent.
 */
async function sweepPageRows(boss: PgBoss, db: DB): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { pageQueue } = consoleRepos(trx);
    await pageQueue.lock(SWEEP_LOCK);
    const ids = await pageQueue.rowsWithoutJob(QUEUE);
    for (const id of ids) await sendIn(boss, pageQueue.executor(), id);
    return ids.length;
  });
}

/**
 * PostgreSQL: pg-boss (its own schema `pgboss` in the same database, shared
 * with the push queue; a small pool of its own). The job is sent through the
 * route's transaction, so it exists exactly when the chapter's row is queued;
 * on start, a node sends one for each queued row that has none
 * (sweepPageRows).
 */
export function bossPageQueue(databaseUrl: string, db: DB, log: QueueLog): PageQueue {
  let boss: PgBoss | undefined;
  let worker: string | undefined;
  let running = 0;

  return {
    async enqueue(trx, chapterId) {
      if (!boss) throw new Error('catalog: the page queue is not started');
      await sendIn(boss, trx.pageQueue.executor(), chapterId);
    },
    async start(handle) {
      // Loaded here, on PostgreSQL only: a node on SQLite never holds it.
      const { default: Boss } = await import('pg-boss');
      const b: PgBoss = new Boss({ connectionString: databaseUrl, max: 2, schedule: false, maintenanceIntervalSeconds: 30 });
      b.on('error', (err) => log.warn({ err }, 'catalog: page queue failed'));
      await b.start();
      await createQueueOnce(
        () => b.createQueue(QUEUE, { name: QUEUE, ...JOB }),
        async () => (await b.getQueue(QUEUE)) !== null,
      );
      // Not fatal: the node works without it, and the next start sweeps again.
      await sweepPageRows(b, db).then(
        (sent) => sent > 0 && log.warn({ sent }, 'catalog: page rows queued without a pg-boss job found at start; jobs sent'),
        (err: unknown) => log.warn({ err }, 'catalog: start-up sweep of page rows failed'),
      );
      boss = b;
      worker = await b.work<{ chapterId: number }>(QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async (jobs) => {
        running++;
        try {
          for (const j of jobs) if ((await handle(j.data.chapterId)) === 'held') throw new Held('held by another node');
        } finally {
          running--;
        }
      });
    },
    kick() {
      if (boss && worker) boss.notifyWorker(worker);
    },
    async idle() {
      // Created, waiting for a retry, or active: pg-boss marks a job completed just after its handler returns.
      while (boss && (running > 0 || (await boss.getQueueSize(QUEUE, { before: 'completed' })) > 0)) await pause(50);
    },
    async stop() {
      const b = boss;
      boss = undefined;
      worker = undefined;
      if (!b) return;
      await b.offWork(QUEUE);
      while (running > 0) await pause(50);
      await b.stop({ graceful: true, wait: true, timeout: 30_000 });
    },
  };
}
