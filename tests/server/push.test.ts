import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterEvents } from '../../server/lib/events.js';
import { loadVapidKeys } from '../../server/push/vapid.js';
import { BACKENDS, call, failure, newToken, setup, success, type TestApp } from './helpers.js';
import { T } from './fixtures.js';
import { decrypt, fakeSubscription, poll, startPushService } from './pushLoopback.js';

/** A chapter row of the fixture title `titleId`. */
const chapter = (id: number, titleId: number, seq: number, startTs: number) => ({
  id,
  title_id: titleId,
  seq,
  name: `#0${seq}`,
  sub_title: 'x',
  thumbnail_url: `/img/c/${id}.webp`,
  start_ts: startTs,
  end_ts: 0,
  is_vertical_only: 0,
  is_horizontal_only: 0,
  view_count: 0,
  ticket_end: 0,
  notified_at: 0,
});

describe.each(BACKENDS)('release notifications on %s', (backend) => {
  let t: TestApp;
  // /busy/* answers 429 (Retry-After: 3) the first time, /flaky/* 503 the first time, /denied/* always 403.
  const tries = new Map<string, number>();
  const push = startPushService((p) => {
    const n = (tries.get(p) ?? 0) + 1;
    tries.set(p, n);
    if (p.startsWith('/gone/')) return 410;
    if (p.startsWith('/busy/') && n === 1) return { status: 429, headers: { 'retry-after': '3' } };
    if (p.startsWith('/flaky/') && n === 1) return 503;
    if (p.startsWith('/denied/')) return 403;
    return 201;
  });
  let base = '';
  const deliveries = async (chapterId: number) =>
    (await t.db.selectFrom('push_deliveries').select('endpoint_hash').where('chapter_id', '=', chapterId).execute()).length;
  const subscribe = async (sub: { json: string }, lang: string, titleId: number) => {
    const token = newToken();
    success(
      await call(t.app, {
        method: 'PUT',
        url: `/api/title_list/bookmark?title_id=${titleId}&push_token=${encodeURIComponent(sub.json)}&lang=${lang}`,
        token,
      }),
    );
    return token;
  };
  beforeAll(async () => {
    process.env.PUSH_CHECK_SECONDS = '0';
    t = await setup(backend, 'push', { pushAllowInsecureLoopback: true, pushRetrySeconds: 1, pushMaxAttempts: 3 });
    base = await push.listen();
    // The fixture chapters already readable count as notified (as the catalog import marks them).
    await t.db.updateTable('chapters').set({ notified_at: t.now }).where('start_ts', '<=', t.now).execute();
  });
  afterAll(async () => {
    await t?.close();
    await push.close();
    delete process.env.PUSH_CHECK_SECONDS;
  });

  it('serves one VAPID public key (uncompressed P-256 point), kept in the database for every node', async () => {
    const a = success(await call(t.app, { url: '/api/web_push_token' }));
    expect(a.data.case).toBe('pushTokenView');
    const key = (a.data.value as { applicationServerKey: string }).applicationServerKey;
    const raw = Buffer.from(key, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
    expect(t.app.push.publicKey).toBe(key);
    // Another node on the same database (another DATA_DIR) gets the same pair, even starting at the same moment.
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'push-node-'));
    const again = await Promise.all([1, 2, 3].map(() => loadVapidKeys(t.db, { publicKey: '', privateKey: '' }, other, t.app.clock)));
    for (const k of again) expect(k.publicKey).toBe(key);
    fs.rmSync(other, { recursive: true, force: true });
    expect(await t.db.selectFrom('push_vapid').selectAll().execute()).toHaveLength(1);
    // The environment's pair wins; half a pair is an error.
    const env = webpush.generateVAPIDKeys();
    expect((await loadVapidKeys(t.db, env, other, t.app.clock)).publicKey).toBe(env.publicKey);
    await expect(loadVapidKeys(t.db, { publicKey: env.publicKey, privateKey: '' }, other, t.app.clock)).rejects.toThrow(/VAPID/);
  });

  it('notifies each subscriber of the title once, in its language, and drops expired subscriptions', async () => {
    const es = fakeSubscription(`${base}/push/es`);
    const fr = fakeSubscription(`${base}/push/fr`);
    const tokens = {
      es: await subscribe(es, 'esp', T.catsEn),
      fr: await subscribe(fr, 'fra', T.catsEn),
      gone: await subscribe(fakeSubscription(`${base}/gone/x`), 'eng', T.catsEn),
    };
    await subscribe(fakeSubscription(`${base}/push/other`), 'eng', T.zero);
    // A favorite without a push token (a browser without push support) just favorites.
    success(await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.catsEn}`, token: newToken() }));
    const start = t.now + 600;
    await t.db
      .insertInto('chapters')
      .values(chapter(9001, T.catsEn, 90, start))
      .execute();

    // Before its start time: nothing.
    expect(await t.app.push.checkReleases(start - 1)).toEqual([]);
    expect(push.received).toHaveLength(0);

    // Its start time passes: three subscribers queued (es, fr, the expired one), not the other title's.
    expect(await t.app.push.checkReleases(start)).toEqual([{ chapterId: 9001, subscribers: 3 }]);
    await push.waitFor(3);
    await poll(
      async () => (await deliveries(9001)) === 2,
      300,
      () => 'two deliveries recorded',
    );
    expect(push.received.map((r) => r.path).sort()).toEqual(['/gone/x', '/push/es', '/push/fr']);
    for (const r of push.received) {
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      expect(r.headers['content-type']).toBe('application/octet-stream');
      expect(r.headers.topic).toBe('chapter9001');
      expect(Number(r.headers.ttl)).toBeGreaterThan(0);
      expect(r.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.app.push.publicKey}$`));
      // The JWT audience is the push service origin.
      const jwt = /t=([^,]+)/.exec(String(r.headers.authorization))![1];
      const claims = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as { aud: string; exp: number };
      expect(claims.aud).toBe(base);
    }
    const gotEs = push.received.find((r) => r.path === '/push/es')!;
    const gotFr = push.received.find((r) => r.path === '/push/fr')!;
    expect(decrypt(es, gotEs.body)).toEqual({
      title: 'Cooking Cats',
      body: 'Nuevo capítulo: #090',
      url: '/viewer/9001',
      lang: 'esp',
      locale: 'es-ES',
      chapterId: 9001,
      titleId: T.catsEn,
    });
    expect(decrypt(fr, gotFr.body)).toMatchObject({ body: 'Nouveau chapitre : #090', url: '/viewer/9001', lang: 'fra', locale: 'fr-FR' });
    // The wrong key cannot read it.
    expect(() => decrypt(es, gotFr.body)).toThrow();

    // The expired subscription is gone (410); the others stay.
    await poll(
      async () =>
        !(await t.db.selectFrom('push_tokens').select('visitor_token').where('visitor_token', '=', tokens.gone).executeTakeFirst()),
      300,
      () => 'the 410 subscription removed',
    );
    const kept = new Set((await t.db.selectFrom('push_tokens').select('visitor_token').execute()).map((r) => r.visitor_token));
    expect(kept.has(tokens.es) && kept.has(tokens.fr)).toBe(true);

    // Checking again, or the publish event for the same chapter, queues nothing more.
    expect(await t.app.push.checkReleases(start + 60)).toEqual([]);
    expect(await t.app.push.notifyChapter(9001, start + 60)).toBeNull();
    expect(push.received).toHaveLength(3);
  });

  it('an import publishing a readable chapter notifies through chapterEvents', async () => {
    const before = push.received.length;
    await t.db
      .insertInto('chapters')
      .values(chapter(9002, T.catsEn, 91, t.now - 5))
      .execute();
    chapterEvents.emit('published', { chapterId: 9002, titleId: T.catsEn });
    await push.waitFor(before + 2);
    await poll(
      async () => (await deliveries(9002)) === 2,
      300,
      () => 'two deliveries of 9002',
    );
    expect(
      push.received
        .slice(before)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/push/es', '/push/fr']);
    // And the scheduler does not send it again.
    expect(await t.app.push.checkReleases()).toEqual([]);
    expect(push.received).toHaveLength(before + 2);
  });

  it('a chapter published before its start time waits for the scheduler', async () => {
    const start = t.now + 7200;
    await t.db
      .insertInto('chapters')
      .values(chapter(9003, T.catsEn, 92, start))
      .execute();
    expect(await t.app.push.notifyChapter(9003, start - 10)).toBeNull();
    expect(await t.app.push.checkReleases(start + 1)).toEqual([{ chapterId: 9003, subscribers: 2 }]);
    await poll(
      async () => (await deliveries(9003)) === 2,
      300,
      () => 'two deliveries of 9003',
    );
  });

  it('opaque (non Web Push) tokens are kept but never sent', async () => {
    const v = newToken();
    success(
      await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.catsFr}&push_token=legacy-token&lang=fra`, token: v }),
    );
    await t.db
      .insertInto('chapters')
      .values(chapter(9004, T.catsFr, 93, t.now - 1))
      .execute();
    const invalid = t.app.push.stats.invalid;
    const before = push.received.length;
    expect(await t.app.push.notifyChapter(9004)).toEqual({ chapterId: 9004, subscribers: 1 });
    await poll(
      () => t.app.push.stats.invalid === invalid + 1,
      300,
      () => 'the opaque token counted invalid',
    );
    expect(push.received).toHaveLength(before);
  });

  it('429 and 5xx are retried (Retry-After honoured); 401/403 are retried, counted, then given up, the subscription kept', async () => {
    const busy = await subscribe(fakeSubscription(`${base}/busy/1`), 'eng', T.bladeEn);
    await subscribe(fakeSubscription(`${base}/flaky/1`), 'eng', T.bladeEn);
    const denied = await subscribe(fakeSubscription(`${base}/denied/1`), 'eng', T.bladeEn);
    await t.db
      .insertInto('chapters')
      .values(chapter(9005, T.bladeEn, 94, t.now - 1))
      .execute();
    const before = { ...t.app.push.stats };
    expect(await t.app.push.notifyChapter(9005)).toEqual({ chapterId: 9005, subscribers: 3 });
    await poll(
      async () => (await deliveries(9005)) === 2,
      600,
      () => 'busy and flaky delivered on their second try',
    );
    // 429 then 201; 503 then 201; 403 three times (PUSH_MAX_ATTEMPTS 3).
    await poll(
      () => tries.get('/denied/1') === 3 && t.app.push.stats.gaveUp === before.gaveUp + 1,
      600,
      () => 'the 403 given up after 3 tries',
    );
    expect(tries.get('/busy/1')).toBe(2);
    expect(tries.get('/flaky/1')).toBe(2);
    expect(t.app.push.stats.unauthorized - before.unauthorized).toBe(3);
    expect(t.app.push.stats.retry - before.retry).toBe(2);
    // The 429's retry waited for its Retry-After (3 s, longer than the 1 s backoff).
    const times = push.received.filter((r) => r.path === '/busy/1').map((r) => r.at);
    expect(times).toHaveLength(2);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(2500);
    const kept = await t.db.selectFrom('push_tokens').select('visitor_token').where('visitor_token', 'in', [busy, denied]).execute();
    expect(kept).toHaveLength(2);
  });

  it('a subscription whose endpoint is not a known push service is refused: the error envelope, nothing stored', async () => {
    const v = newToken();
    for (const endpoint of [
      'http://10.0.0.1/x',
      'https://192.168.1.1/x',
      'https://evil.example/x',
      'https://fcm.googleapis.com.evil.example/x',
    ]) {
      const sub = fakeSubscription(endpoint);
      const put = failure(
        await call(t.app, {
          method: 'PUT',
          url: `/api/title_list/bookmark?title_id=${T.zero}&push_token=${encodeURIComponent(sub.json)}`,
          token: v,
        }),
      );
      expect(put.debugInfo).toMatch(/push_token endpoint/);
      const post = await call(t.app, {
        method: 'POST',
        url: `/api/web_push_token?push_token=${encodeURIComponent(sub.json)}&lang=eng`,
        token: v,
      });
      expect(post.status).toBe(400);
      expect(failure(post).debugInfo).toMatch(/push_token endpoint/);
    }
    expect(await t.db.selectFrom('push_tokens').select('token').where('visitor_token', '=', v).execute()).toEqual([]);
    expect(await t.db.selectFrom('bookmarks').select('title_id').where('visitor_token', '=', v).execute()).toEqual([]);
  });

  it('leaves no job behind', async () => {
    if (backend === 'sqlite')
      await poll(
        async () => (await t.db.selectFrom('push_jobs').select('id').execute()).length === 0,
        300,
        () => 'outbox empty',
      );
  });
});
