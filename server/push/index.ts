import fp from 'fastify-plugin';
import { nowSec } from '../lib/clock.js';
import { chapterEvents } from '../lib/events.js';
import { releaseMessage } from './messages.js';
import type { ReleasedChapter } from '../repos/push.js';
import { sendPush, type SendOutcome } from './sender.js';
import { loadVapidKeys, type VapidKeys } from './vapid.js';

interface ReleaseReport {
  chapterId: number;
  outcomes: Record<SendOutcome, number>;
}

interface PushService {
  /** VAPID public key (base64url) browsers subscribe with. */
  readonly publicKey: string;
  /** Notifies the subscribers of every chapter whose start time has passed and that was not notified yet. */
  checkReleases(now?: number): Promise<ReleaseReport[]>;
  /** Notifies the subscribers of one chapter now if it is readable and not notified yet. */
  notifyChapter(chapterId: number, now?: number): Promise<ReleaseReport | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

/** Seconds between release checks (PUSH_CHECK_SECONDS; 0 turns the scheduler off). */
function checkSeconds(): number {
  const v = Number(process.env.PUSH_CHECK_SECONDS ?? 30);
  return Number.isFinite(v) && v >= 0 ? v : 30;
}

/**
 * Release notifications: the VAPID keys kept in DATA_DIR, a scheduler that
 * finds the chapters whose start time passed and that are not notified yet
 * (chapters.notified_at, claimed with a conditional update so nothing is sent
 * twice, even by two processes), and the import's 'published' events.
 * Each subscriber gets the message in its service language; expired
 * subscriptions (404/410) are removed.
 */
export default fp(
  (app, _opts, done) => {
    const keys: VapidKeys = loadVapidKeys(app.config.dataDir);
    const repo = app.repos.push;
    const subject = app.config.publicUrl || 'mailto:push@localhost';

    // One notification run at a time, so the scheduler and events never overlap.
    let queue: Promise<unknown> = Promise.resolve();
    const serial = <T>(fn: () => Promise<T>): Promise<T> => {
      const p = queue.then(fn, fn);
      queue = p.catch(() => undefined);
      return p;
    };

    async function deliver(c: ReleasedChapter, now: number): Promise<ReleaseReport | null> {
      if (!(await repo.claim(c.chapterId, now))) return null;
      const outcomes: Record<SendOutcome, number> = { sent: 0, expired: 0, invalid: 0, failed: 0 };
      const subs = await repo.subscribers(c.titleId);
      await Promise.all(
        subs.map(async (s) => {
          const msg = releaseMessage(s.lang, c.titleName, c.chapterName, c.chapterId, c.titleId);
          const r = await sendPush(s.token, msg, keys, subject);
          outcomes[r]++;
          if (r === 'expired') await repo.removeToken(s.visitor, s.token);
        }),
      );
      if (subs.length) app.log.info({ chapterId: c.chapterId, ...outcomes }, 'push: release notified');
      return { chapterId: c.chapterId, outcomes };
    }

    const service: PushService = {
      publicKey: keys.publicKey,
      checkReleases: (now = nowSec()) =>
        serial(async () => {
          const reports: ReleaseReport[] = [];
          for (const c of await repo.pendingReleases(now)) {
            const r = await deliver(c, now);
            if (r) reports.push(r);
          }
          return reports;
        }),
      notifyChapter: (chapterId, now = nowSec()) =>
        serial(async () => {
          const c = await repo.chapter(chapterId);
          // Not readable yet: the scheduler notifies it once its start time passes.
          if (!c || c.startTs > now) return null;
          return deliver(c, now);
        }),
    };
    app.decorate('push', service);

    const onPublished = (e: { chapterId: number; titleId: number }) => {
      service.notifyChapter(e.chapterId).catch((err: unknown) => app.log.warn({ err }, 'push: publish notification failed'));
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', (ready) => {
      chapterEvents.on('published', onPublished);
      const every = checkSeconds();
      if (every > 0) {
        timer = setInterval(() => {
          service.checkReleases().catch((err: unknown) => app.log.warn({ err }, 'push: release check failed'));
        }, every * 1000);
        timer.unref();
      }
      ready();
    });
    app.addHook('onClose', async () => {
      chapterEvents.off('published', onPublished);
      if (timer) clearInterval(timer);
      await queue;
    });
    done();
  },
  { name: 'push' },
);
