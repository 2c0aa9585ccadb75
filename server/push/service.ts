import type { FastifyBaseLogger } from 'fastify';
import { onOneNode } from '../cluster/leader.js';
import { errors } from '../lib/errors.js';
import type { ServerClock } from '../lib/clock.js';
import type { Config } from '../config.js';
import type { DB, Dialect } from '../db/index.js';
import { chapterEvents } from '../lib/events.js';
import type { pushRepo, ReleasedChapter } from '../repos/push.js';
import { bossQueue } from './boss.js';
import { checkEndpoint, type EndpointPolicy } from './endpoint.js';
import { fanout, type Outcome } from './fanout.js';
import { BATCH, outboxQueue, type PushQueue, type QueueOptions } from './queue.js';
import { parseSubscription } from './sender.js';
import { loadVapidKeys } from './vapid.js';

interface ReleaseReport {
  chapterId: number;
  /** Subscribers the release was queued for (in batches of BATCH). */
  subscribers: number;
}

export interface PushService {
  /** VAPID public key (base64url) browsers subscribe with: the same on every node. */
  readonly publicKey: string;
  /** Throws the error envelope's bad-parameter error unless the token may be stored (subscribe time). */
  assertToken(token: string): void;
  /** Claims and queues every chapter whose start time has passed and that was not claimed yet. */
  checkReleases(now?: number): Promise<ReleaseReport[]>;
  /** Claims and queues one chapter now if it is readable and not claimed yet. */
  notifyChapter(chapterId: number, now?: number): Promise<ReleaseReport | null>;
  /** What this node's sends came to, by outcome. */
  readonly stats: Readonly<Record<Outcome, number>>;
}

/** Seconds between release checks (PUSH_CHECK_SECONDS; 0 turns the scheduler off). */
function checkSeconds(): number {
  const v = Number(process.env.PUSH_CHECK_SECONDS ?? 30);
  return Number.isFinite(v) && v >= 0 ? v : 30;
}

/** Why a push token may not be stored, or null: an opaque token is kept (never sent); a subscription needs its keys and an allowed endpoint. */
function tokenProblem(token: string, policy: EndpointPolicy): string | null {
  if (!token.trimStart().startsWith('{')) return null;
  const sub = parseSubscription(token);
  if (!sub) return 'is not a Web Push subscription';
  if (Buffer.from(sub.keys.p256dh, 'base64url').length !== 65 || Buffer.from(sub.keys.auth, 'base64url').length !== 16)
    return 'has malformed keys';
  const url = checkEndpoint(sub.endpoint, policy);
  return typeof url === 'string' ? `endpoint ${url}` : null;
}

/** What the push service is made of (server/plugins/push.ts gives the app's). */
export interface PushDeps {
  db: DB;
  dialect: Dialect;
  config: Config;
  repo: ReturnType<typeof pushRepo>;
  clock: ServerClock;
  log: FastifyBaseLogger;
}

/**
 * Release notifications. The deployment's one VAPID key pair (vapid.ts).
 * A release — a chapter whose start time passed (the scheduler, every
 * PUSH_CHECK_SECONDS) or that an import published (chapterEvents) — is
 * claimed with a conditional update of chapters.notified_at, and in that
 * same transaction its subscribers are queued in jobs of BATCH (queue.ts:
 * the push_jobs outbox on SQLite, pg-boss on PostgreSQL), so a crash can
 * neither lose a claimed release nor let two nodes claim it. Workers
 * (PUSH_WORKER, on by default) handle the jobs (fanout.ts): at least once,
 * never twice to one subscription for one chapter, in the subscriber's
 * language, to endpoints that pass the SSRF policy (endpoint.ts) at
 * subscribe and at send time. "Now" is the injected clock's.
 */
export async function pushService(d: PushDeps) {
  const { config: cfg, log, repo, clock } = d;
  const keys = await loadVapidKeys(d.db, { publicKey: cfg.vapidPublicKey, privateKey: cfg.vapidPrivateKey }, cfg.dataDir, clock);
  const subject = cfg.vapidSubject || cfg.publicUrl || 'mailto:push@localhost';
  const policy: EndpointPolicy = { allowHosts: cfg.pushAllowHosts, allowInsecureLoopback: cfg.pushAllowInsecureLoopback };
  const q = await openQueue(d);
  const fan = { stats: { sent: 0, expired: 0, invalid: 0, refused: 0, unauthorized: 0, retry: 0, skipped: 0, gaveUp: 0 } };

  async function release(c: ReleasedChapter, now: number): Promise<ReleaseReport | null> {
    // A release group's chapters are claimed together: each subscriber queued once, for the edition in their language.
    const r = await repo.claim(c.chapterId, now, async (trx, visitors, chapterId) => {
      const jobs = [];
      for (let i = 0; i < visitors.length; i += BATCH) jobs.push({ chapterId, visitors: visitors.slice(i, i + BATCH), attempt: 0 });
      await q.enqueue(trx, jobs);
    });
    if (!r) return null;
    q.kick();
    log.info({ chapterId: c.chapterId, subscribers: r.subscribers }, 'push: release queued');
    return { chapterId: c.chapterId, subscribers: r.subscribers };
  }

  const service: PushService = {
    publicKey: keys.publicKey,
    assertToken(token) {
      const why = tokenProblem(token, policy);
      if (why) throw errors.badParam('push_token', why);
    },
    async checkReleases(now = clock.nowSec()) {
      const reports: ReleaseReport[] = [];
      for (const c of await repo.pendingReleases(now)) {
        const r = await release(c, now);
        if (r) reports.push(r);
      }
      return reports;
    },
    async notifyChapter(chapterId, now = clock.nowSec()) {
      const c = await repo.chapter(chapterId);
      // Not readable yet: the scheduler notifies it once its start time passes.
      if (!c || c.startTs > now) return null;
      return release(c, now);
    },
    get stats() {
      return fan.stats;
    },
  };

  const onPublished = (e: { chapterId: number; titleId: number }) => {
    service.notifyChapter(e.chapterId).catch((err: unknown) => log.warn({ err }, 'push: publish notification failed'));
  };
  const scheduler = releaseScheduler(d, () => service.checkReleases());
  return {
    service,
    /** Starts the workers (PUSH_WORKER), the publish listener and the release scheduler. */
    async start() {
      if (cfg.pushWorker) {
        const f = fanout({
          db: d.db,
          repo,
          queue: q,
          keys,
          subject,
          policy,
          log,
          clock,
          concurrency: cfg.pushConcurrency,
          maxAttempts: cfg.pushMaxAttempts,
          retrySeconds: cfg.pushRetrySeconds,
          expireSeconds: cfg.pushJobExpireSeconds,
        });
        fan.stats = f.stats;
        await q.work(2, f.handle);
      }
      chapterEvents.on('published', onPublished);
      const every = checkSeconds();
      if (every > 0) scheduler.start(every);
    },
    async stop() {
      chapterEvents.off('published', onPublished);
      scheduler.stop();
      await q.stop();
    },
  };
}

/** The release jobs' queue: pg-boss on PostgreSQL, the push_jobs outbox on SQLite. */
async function openQueue(d: PushDeps): Promise<PushQueue> {
  const { config: cfg, log, clock } = d;
  const qopts: QueueOptions = {
    expireSeconds: cfg.pushJobExpireSeconds,
    maxAttempts: cfg.pushMaxAttempts,
    retrySeconds: cfg.pushRetrySeconds,
    clock,
    onError: (err, job) => log.warn({ err, chapterId: job?.chapterId }, 'push: queue error'),
  };
  return d.dialect === 'postgres' ? bossQueue(cfg.databaseUrl, qopts) : outboxQueue(d.db, qopts);
}

/** The release check every `every` seconds, on whichever node holds the lock; stopped, it schedules no more. */
function releaseScheduler(d: PushDeps, check: () => Promise<unknown>) {
  const { log, clock } = d;
  let timer: ReturnType<ServerClock['setTimeout']> | undefined;
  let stopped = false;
  /** The next release check in `every` seconds (a chain of timeouts: the clock has no interval). */
  const scheduleCheck = (every: number) => {
    if (stopped) return;
    timer = clock.setTimeout(() => {
      // One release check for the whole deployment: each node's timer fires, the one holding the lock checks.
      onOneNode(d.db, d.dialect, 'push-release-check', check)
        .catch((err: unknown) => log.warn({ err }, 'push: release check failed'))
        .finally(() => scheduleCheck(every));
    }, every * 1000);
    (timer as { unref?: () => void }).unref?.();
  };

  return {
    start: scheduleCheck,
    stop() {
      stopped = true;
      if (timer) clock.clearTimeout(timer);
    },
  };
}
