import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/harness.js';
import { BACKENDS, setup, type TestApp } from './helpers.js';
import { T } from './fixtures.js';
import { fakeSubscription, poll, startPushService } from './pushLoopback.js';

/** Subscribers of the released title. */
const N = 2000;

/** N visitors favoriting `titleId`, each with its own endpoint /s/<i> at the push service (one browser key pair, shared). */
async function subscribers(t: TestApp, base: string, titleId: number): Promise<void> {
  const keys = (JSON.parse(fakeSubscription(`${base}/x`).json) as { keys: object }).keys;
  for (let i = 0; i < N; i += 200) {
    const rows = Array.from({ length: Math.min(200, N - i) }, (_, k) => i + k);
    const visitor = (n: number) => `fan${String(n).padStart(29, '0')}`;
    await t.db
      .insertInto('push_tokens')
      .values(
        rows.map((n) => ({
          visitor_token: visitor(n),
          token: JSON.stringify({ endpoint: `${base}/s/${n}`, keys }),
          lang: 'eng',
          updated_at: t.now,
        })),
      )
      .execute();
    await t.db
      .insertInto('bookmarks')
      .values(rows.map((n) => ({ visitor_token: visitor(n), title_id: titleId, created_at: t.now })))
      .execute();
  }
}

async function release(t: TestApp, id: number, titleId: number): Promise<void> {
  await t.db
    .insertInto('chapters')
    .values({
      id,
      title_id: titleId,
      seq: 100 + (id % 100),
      name: `#${id}`,
      sub_title: 'x',
      thumbnail_url: '',
      start_ts: t.now - 1,
      end_ts: 0,
      is_vertical_only: 0,
      is_horizontal_only: 0,
      view_count: 0,
      ticket_end: 0,
      notified_at: 0,
    })
    .execute();
  expect(await t.app.push.notifyChapter(id)).toEqual({ chapterId: id, subscribers: N });
}

const delivered = async (t: TestApp, chapterId: number) =>
  (await t.db.selectFrom('push_deliveries').select('endpoint_hash').where('chapter_id', '=', chapterId).execute()).length;

/** Every one of the N endpoints accepted exactly once. */
function exactlyOnce(accepted: Map<string, number>): { subscribers: number; duplicates: number; missing: number } {
  let duplicates = 0;
  for (const n of accepted.values()) duplicates += n - 1;
  let missing = 0;
  for (let i = 0; i < N; i++) if (!accepted.has(`/s/${i}`)) missing++;
  return { subscribers: accepted.size, duplicates, missing };
}

describe.each(BACKENDS)('push fan-out on %s', (backend) => {
  beforeAll(() => {
    process.env.PUSH_CHECK_SECONDS = '0';
  });
  afterAll(() => {
    delete process.env.PUSH_CHECK_SECONDS;
  });

  it(`${N} subscribers each receive the release exactly once`, async () => {
    const push = startPushService();
    const base = await push.listen();
    const t = await setup(backend, 'pushfan', { pushAllowInsecureLoopback: true });
    try {
      await t.db.updateTable('chapters').set({ notified_at: t.now }).execute();
      await subscribers(t, base, T.catsEn);
      const t0 = Date.now();
      await release(t, 9201, T.catsEn);
      await poll(
        async () => (await delivered(t, 9201)) >= N,
        3000,
        () => `${push.accepted.size} of ${N} subscribers reached`,
      );
      const ms = Date.now() - t0;
      const r = exactlyOnce(push.accepted);
      console.log(
        `push fan-out (${backend}): ${r.subscribers} of ${N} subscribers, ${r.duplicates} duplicates, ${push.received.length} requests, ${ms} ms`,
      );
      expect(r).toEqual({ subscribers: N, duplicates: 0, missing: 0 });
      expect(push.received).toHaveLength(N);
      // A second release of the same chapter (another node's check) claims nothing.
      expect(await t.app.push.notifyChapter(9201)).toBeNull();
    } finally {
      await t.close();
      await push.close();
    }
  });

  it('a sender killed (kill -9) mid-way: another node finishes, every subscriber exactly once', async () => {
    const KILL_AFTER = 700;
    let phase: 'before' | 'hold' | 'after' = 'before';
    let triggered: (() => void) | null = null;
    const killPoint = new Promise<void>((r) => (triggered = r));
    // Accepts the first KILL_AFTER requests, then holds every request (never answered: never accepted) until the kill.
    const push = startPushService((_p, nth) => {
      if (phase === 'after' || (phase === 'before' && nth <= KILL_AFTER)) return 201;
      phase = 'hold';
      triggered?.();
      return 'hold';
    });
    const base = await push.listen();
    // The node under test only claims and queues (PUSH_WORKER off); the senders are child server processes.
    // Its jobs carry the senders' lease and retry delay (both are set by the node that queues a job).
    const t = await setup(backend, 'pushkill', {
      pushAllowInsecureLoopback: true,
      pushWorker: false,
      pushJobExpireSeconds: 10,
      pushRetrySeconds: 1,
    });
    const env = {
      DATA_DIR: t.app.config.dataDir,
      DATABASE_URL: t.app.config.databaseUrl,
      NO_CATALOG: '1',
      SERVER_RENDER: '0',
      PUSH_CHECK_SECONDS: '0',
      PUSH_ALLOW_INSECURE_LOOPBACK: '1',
      PUSH_JOB_EXPIRE_SECONDS: '10',
      PUSH_RETRY_SECONDS: '1',
    };
    let a: RunningServer | undefined;
    let b: RunningServer | undefined;
    try {
      await t.db.updateTable('chapters').set({ notified_at: t.now }).execute();
      await subscribers(t, base, T.catsEn);
      a = await startServer(env);
      let outA = '';
      a.proc.stdout?.on('data', (d: Buffer) => (outA += d.toString()));
      a.proc.stderr?.on('data', (d: Buffer) => (outA += d.toString()));
      await release(t, 9202, T.catsEn);
      let atKillPoint = false;
      void killPoint.then(() => (atKillPoint = true));
      await poll(
        () => atKillPoint,
        3000,
        async () =>
          `${outA.slice(-3000)}\nthe sender never reached the kill point: ${push.received.length} requests, ${await delivered(t, 9202)} deliveries`,
      );
      // Every accepted send recorded (the held ones are in flight, unanswered), then kill -9 the sender.
      const accepted = () => [...push.accepted.values()].reduce((s, n) => s + n, 0);
      await poll(
        async () => (await delivered(t, 9202)) === accepted(),
        600,
        async () =>
          `${outA.slice(-3000)}\n${await delivered(t, 9202)} deliveries recorded of ${accepted()} accepted (${push.received.length} requests)`,
      );
      const atKill = await delivered(t, 9202);
      await a.stop('SIGKILL');
      phase = 'after';
      push.dropHeld();
      expect(atKill).toBeGreaterThanOrEqual(KILL_AFTER - 100);
      expect(atKill).toBeLessThan(N);
      // Another node: takes the queued jobs now, the dead node's leased ones when their lease runs out.
      b = await startServer(env);
      await poll(
        async () => (await delivered(t, 9202)) >= N,
        3000,
        () => `${push.accepted.size} of ${N} subscribers reached after the kill`,
      );
      const r = exactlyOnce(push.accepted);
      console.log(
        `push kill test (${backend}): killed after ${atKill} deliveries; then ${r.subscribers} of ${N} subscribers, ${r.duplicates} duplicates, ${push.received.length} requests (held and dropped at the kill: re-sent)`,
      );
      expect(r).toEqual({ subscribers: N, duplicates: 0, missing: 0 });
    } finally {
      await a?.stop('SIGKILL');
      await b?.stop();
      await t.close();
      await push.close();
    }
  });
});
