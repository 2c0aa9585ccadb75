import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterEvents } from '../../server/lib/events.js';
import { BACKENDS, call, newToken, setup, success, type TestApp } from './helpers.js';
import { T } from './fixtures.js';
import { decrypt, fakeSubscription, startPushService } from './pushLoopback.js';

describe.each(BACKENDS)('release notifications on %s', (backend) => {
  let t: TestApp;
  const push = startPushService();
  let base = '';
  beforeAll(async () => {
    process.env.PUSH_CHECK_SECONDS = '0';
    t = await setup(backend, 'push');
    base = await push.listen();
    // The fixture chapters already readable count as notified (as the catalog import marks them).
    await t.db.updateTable('chapters').set({ notified_at: t.now }).where('start_ts', '<=', t.now).execute();
  });
  afterAll(async () => {
    await t?.close();
    await push.close();
    delete process.env.PUSH_CHECK_SECONDS;
  });

  it('serves a stable VAPID public key (uncompressed P-256 point)', async () => {
    const a = success(await call(t.app, { url: '/api/web_push_token' }));
    expect(a.data.case).toBe('pushTokenView');
    const key = (a.data.value as { applicationServerKey: string }).applicationServerKey;
    const raw = Buffer.from(key, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
    expect(t.app.push.publicKey).toBe(key);
  });

  it('notifies each subscriber of the title once, in its language, and drops expired subscriptions', async () => {
    const visitors = {
      es: { token: newToken(), sub: fakeSubscription(`${base}/push/es`), lang: 'esp', fav: true },
      fr: { token: newToken(), sub: fakeSubscription(`${base}/push/fr`), lang: 'fra', fav: true },
      gone: { token: newToken(), sub: fakeSubscription(`${base}/gone/x`), lang: 'eng', fav: true },
      other: { token: newToken(), sub: fakeSubscription(`${base}/push/other`), lang: 'eng', fav: false },
    };
    for (const v of Object.values(visitors)) {
      const r = success(
        await call(t.app, {
          method: 'POST',
          url: `/api/web_push_token?push_token=${encodeURIComponent(v.sub.json)}&lang=${v.lang}`,
          token: v.token,
        }),
      );
      expect((r.data.value as { applicationServerKey: string }).applicationServerKey).toBe(t.app.push.publicKey);
      if (v.fav) success(await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.catsEn}`, token: v.token }));
      else success(await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.zero}`, token: v.token }));
    }
    // A favorite without a push token (a browser without push support) just favorites.
    success(await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.catsEn}`, token: newToken() }));

    const start = t.now + 600;
    await t.db
      .insertInto('chapters')
      .values({
        id: 9001,
        title_id: T.catsEn,
        seq: 90,
        name: '#090',
        sub_title: 'Ninety',
        thumbnail_url: '/img/c/9001.webp',
        start_ts: start,
        end_ts: 0,
        is_vertical_only: 0,
        is_horizontal_only: 0,
        view_count: 0,
        ticket_end: 0,
        notified_at: 0,
      })
      .execute();

    // Before its start time: nothing.
    expect(await t.app.push.checkReleases(start - 1)).toEqual([]);
    expect(push.received).toHaveLength(0);

    // Its start time passes: three deliveries (es, fr, the expired one), none to the other title's subscriber.
    const reports = await t.app.push.checkReleases(start);
    expect(reports).toEqual([{ chapterId: 9001, outcomes: { sent: 2, expired: 1, invalid: 0, failed: 0 } }]);
    await push.waitFor(3);
    expect(push.received.map((r) => r.path).sort()).toEqual(['/gone/x', '/push/es', '/push/fr']);
    for (const r of push.received) {
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      expect(r.headers['content-type']).toBe('application/octet-stream');
      expect(Number(r.headers.ttl)).toBeGreaterThan(0);
      expect(r.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.app.push.publicKey}$`));
      // The JWT audience is the push service origin.
      const jwt = /t=([^,]+)/.exec(String(r.headers.authorization))![1];
      const claims = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as { aud: string; exp: number };
      expect(claims.aud).toBe(base);
    }
    const es = push.received.find((r) => r.path === '/push/es')!;
    const fr = push.received.find((r) => r.path === '/push/fr')!;
    expect(decrypt(visitors.es.sub, es.body)).toEqual({
      title: 'Cooking Cats',
      body: 'Nuevo capítulo: #090',
      url: '/viewer/9001',
      lang: 'esp',
      locale: 'es-ES',
      chapterId: 9001,
      titleId: T.catsEn,
    });
    expect(decrypt(visitors.fr.sub, fr.body)).toMatchObject({
      body: 'Nouveau chapitre : #090',
      url: '/viewer/9001',
      lang: 'fra',
      locale: 'fr-FR',
    });
    // The wrong key cannot read it.
    expect(() => decrypt(visitors.es.sub, fr.body)).toThrow();

    // The expired subscription is gone; the others stay.
    const tokens = await t.db.selectFrom('push_tokens').select('visitor_token').execute();
    const kept = new Set(tokens.map((r) => r.visitor_token));
    expect(kept.has(visitors.gone.token)).toBe(false);
    expect(kept.has(visitors.es.token)).toBe(true);

    // Checking again, or the publish event for the same chapter, sends nothing more.
    expect(await t.app.push.checkReleases(start + 60)).toEqual([]);
    expect(await t.app.push.notifyChapter(9001, start + 60)).toBeNull();
    expect(push.received).toHaveLength(3);
  });

  it('an import publishing a readable chapter notifies through chapterEvents', async () => {
    const before = push.received.length;
    await t.db
      .insertInto('chapters')
      .values({
        id: 9002,
        title_id: T.catsEn,
        seq: 91,
        name: '#091',
        sub_title: 'Ninety-one',
        thumbnail_url: '/img/c/9002.webp',
        start_ts: t.now - 5,
        end_ts: 0,
        is_vertical_only: 0,
        is_horizontal_only: 0,
        view_count: 0,
        ticket_end: 0,
        notified_at: 0,
      })
      .execute();
    chapterEvents.emit('published', { chapterId: 9002, titleId: T.catsEn });
    await push.waitFor(before + 2);
    const fresh = push.received.slice(before);
    expect(fresh.map((r) => r.path).sort()).toEqual(['/push/es', '/push/fr']);
    // And the scheduler does not send it again.
    expect(await t.app.push.checkReleases()).toEqual([]);
    expect(push.received).toHaveLength(before + 2);
  });

  it('a chapter published before its start time waits for the scheduler', async () => {
    const start = t.now + 7200;
    await t.db
      .insertInto('chapters')
      .values({
        id: 9003,
        title_id: T.catsEn,
        seq: 92,
        name: '#092',
        sub_title: 'Later',
        thumbnail_url: '/img/c/9003.webp',
        start_ts: start,
        end_ts: 0,
        is_vertical_only: 0,
        is_horizontal_only: 0,
        view_count: 0,
        ticket_end: 0,
        notified_at: 0,
      })
      .execute();
    expect(await t.app.push.notifyChapter(9003, start - 10)).toBeNull();
    const r = await t.app.push.checkReleases(start + 1);
    expect(r).toEqual([{ chapterId: 9003, outcomes: { sent: 2, expired: 0, invalid: 0, failed: 0 } }]);
  });

  it('opaque (non Web Push) tokens are skipped, not sent', async () => {
    const v = newToken();
    success(
      await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.catsFr}&push_token=legacy-token&lang=fra`, token: v }),
    );
    await t.db
      .insertInto('chapters')
      .values({
        id: 9004,
        title_id: T.catsFr,
        seq: 93,
        name: '#093',
        sub_title: 'x',
        thumbnail_url: '/img/c/9004.webp',
        start_ts: t.now - 1,
        end_ts: 0,
        is_vertical_only: 0,
        is_horizontal_only: 0,
        view_count: 0,
        ticket_end: 0,
        notified_at: 0,
      })
      .execute();
    expect(await t.app.push.notifyChapter(9004)).toEqual({ chapterId: 9004, outcomes: { sent: 0, expired: 0, invalid: 1, failed: 0 } });
  });
});
