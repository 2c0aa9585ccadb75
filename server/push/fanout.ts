import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import { countPushSend } from '../lib/opsCounters.js';
import type { pushRepo } from '../repos/push.js';
import type { EndpointPolicy } from './endpoint.js';
import { releaseMessage } from './messages.js';
import type { PushJob, PushQueue } from './queue.js';
import { parseSubscription, sendPush, type SendResult } from './sender.js';
import type { VapidKeys } from './vapid.js';

export type Outcome = SendResult['outcome'] | 'skipped' | 'gaveUp';

export interface FanoutDeps {
  db: DB;
  repo: ReturnType<typeof pushRepo>;
  queue: PushQueue;
  keys: VapidKeys;
  subject: string;
  policy: EndpointPolicy;
  concurrency: number;
  maxAttempts: number;
  retrySeconds: number;
  /** The queue's lease on a job (s): a job must end well within it, or another node would take it too. */
  expireSeconds: number;
  log: FastifyBaseLogger;
  clock: ServerClock;
}

/** Longest wait a push service's Retry-After may impose (s). */
const MAX_RETRY_AFTER = 6 * 3600;

const endpointHash = (endpoint: string) => crypto.createHash('sha256').update(endpoint).digest('hex');

/** A counting semaphore: at most n sends in flight on this node, whatever the jobs. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active < n) active++;
    else await new Promise<void>((r) => waiting.push(r)); // the slot is handed over
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/**
 * The job handler: for each subscriber of the batch (at most `concurrency`
 * sends in flight per node), skip it when the push service already
 * accepted this chapter for its subscription (push_deliveries), else send
 * and record the acceptance. 404/410 remove the subscription; 429, 5xx,
 * network failures and 401/403 go into one follow-up job for the next try
 * (backoff doubling from retrySeconds, or the push service's Retry-After
 * when longer) until maxAttempts; invalid or refused endpoints are dropped
 * and logged. A job ends within its lease: no send starts after half of it
 * (the rest go into a follow-up job, same attempt) and a send times out
 * after a quarter of it (30 s at most). `stats` counts every outcome on this node.
 */
export function fanout(d: FanoutDeps) {
  const stats: Record<Outcome, number> = { sent: 0, expired: 0, invalid: 0, refused: 0, unauthorized: 0, retry: 0, skipped: 0, gaveUp: 0 };
  const limit = limiter(d.concurrency);

  const lease = d.expireSeconds * 1000;
  const timeoutMs = Math.max(1000, Math.min(30_000, lease / 4));

  async function handle(job: PushJob): Promise<void> {
    const deadline = d.clock.now() + lease / 2;
    const c = await d.repo.chapter(job.chapterId);
    if (!c) return;
    const subs = await d.repo.subscribers(job.visitors);
    const again: string[] = [];
    const later: string[] = [];
    let wait = d.retrySeconds * 2 ** job.attempt;
    await Promise.all(
      subs.map((s) =>
        limit(async () => {
          if (d.clock.now() > deadline) {
            later.push(s.visitor);
            return;
          }
          const sub = parseSubscription(s.token);
          const hash = sub ? endpointHash(sub.endpoint) : '';
          if (sub && (await d.repo.delivered(hash, c.chapterId))) {
            stats.skipped++;
            return;
          }
          const msg = releaseMessage(s.lang, c.titleName, c.chapterName, c.chapterId, c.titleId);
          const r = await sendPush(s.token, msg, d.keys, d.subject, d.policy, timeoutMs, d.clock);
          stats[r.outcome]++;
          countPushSend(r.outcome);
          d.repo.countSend(
            c.chapterId,
            r.outcome === 'sent' || r.outcome === 'expired'
              ? r.outcome
              : r.outcome === 'retry' || r.outcome === 'unauthorized'
                ? 'retry'
                : 'failed',
            s.visitor,
          );
          switch (r.outcome) {
            case 'sent':
              await d.repo.recordDelivery(hash, c.chapterId, d.clock.nowSec());
              return;
            case 'expired':
              await d.repo.removeToken(s.visitor, s.token);
              return;
            case 'invalid':
            case 'refused':
              d.log.warn({ chapterId: c.chapterId, why: r.why }, `push: ${r.outcome}, not sent`);
              return;
            case 'unauthorized':
            case 'retry':
              if (r.outcome === 'unauthorized') d.log.warn({ chapterId: c.chapterId, status: r.status }, 'push: VAPID signature refused');
              if (r.retryAfter !== undefined) wait = Math.max(wait, Math.min(r.retryAfter, MAX_RETRY_AFTER));
              again.push(s.visitor);
          }
        }),
      ),
    );
    // Follow-ups exist before this job completes: a crash between runs this one again, and the records skip what was sent.
    if (later.length) await d.queue.enqueue(d.db, [{ chapterId: job.chapterId, visitors: later, attempt: job.attempt }]);
    if (!again.length) return;
    if (job.attempt + 1 >= d.maxAttempts) {
      stats.gaveUp += again.length;
      for (const v of again) d.repo.countSend(c.chapterId, 'failed', v);
      d.log.warn({ chapterId: c.chapterId, subscribers: again.length, attempts: d.maxAttempts }, 'push: gave up after retries');
      return;
    }
    await d.queue.enqueue(d.db, [{ chapterId: job.chapterId, visitors: again, attempt: job.attempt + 1 }], Math.ceil(wait));
    d.log.info({ chapterId: c.chapterId, subscribers: again.length, inSeconds: Math.ceil(wait) }, 'push: retry queued');
  }

  return { handle, stats };
}
