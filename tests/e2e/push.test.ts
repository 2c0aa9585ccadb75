import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/index';
import { STORAGE } from '../../core/storageKeys';
import { decrypt, fakeSubscription, startPushService } from '../server/pushLoopback';
import { launchBrowser, newContext, startServer, type RunningServer } from './harness';

/**
 * Release notifications in Chromium against a server of its own (scheduler
 * every second): the service worker is served and registers; a real
 * PushManager.subscribe is attempted (headless Chromium needs its vendor push
 * service for that, which is unreachable offline: the outcome is printed);
 * then a visitor favorites a title in the UI, registers a subscription that
 * points at a push service on loopback, a chapter of the title becomes
 * readable, and the encrypted notification arrives there in the visitor's language.
 */
describe('release notifications in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  const push = startPushService();
  let pushBase = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-push-'));
  beforeAll(async () => {
    pushBase = await push.listen();
    // The loopback push service is admitted by the test setting only (never a default: see tests/server/pushEndpoint.test.ts).
    server = await startServer({ DATA_DIR: dataDir, PUSH_CHECK_SECONDS: '1', VIEW_CACHE_MS: '0', PUSH_ALLOW_INSECURE_LOOPBACK: '1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await push.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('service worker, subscription attempt, favorite, release, notification at the loopback push service', async () => {
    const base = server.url;
    const ctx = await newContext(browser, 'desktop', base);
    await ctx.grantPermissions(['notifications'], { origin: base });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // /sw.js is served as JavaScript and becomes the active worker.
    const sw = await page.request.get(`${base}/sw.js`);
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/javascript/);

    await page.goto(`${base}/manga_list/ongoing`);
    await page.locator('[data-testid="title-grid"] .title-card').first().click();
    await page.waitForURL(/\/titles\/\d+$/);
    const titleId = Number(/\/titles\/(\d+)$/.exec(page.url())![1]);

    // The deployment's VAPID public key, as the server hands it out.
    const keyView = (await (await page.request.get(`${base}/api/web_push_token?format=json`)).json()) as {
      success: { pushTokenView: { applicationServerKey: string } };
    };
    const vapid = { publicKey: keyView.success.pushTokenView.applicationServerKey };
    expect(Buffer.from(vapid.publicKey, 'base64url')).toHaveLength(65);
    const attempt = await page.evaluate(async (publicKey) => {
      const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      const ready = await navigator.serviceWorker.ready;
      const b64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
      const bytes = Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
      try {
        // Offline, Chromium's push service may never answer: give up after 10 s rather than hang the run.
        const sub = await Promise.race([
          ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes }),
          new Promise<never>((_, fail) => setTimeout(() => fail(new Error('no answer from the push service in 10 s')), 10_000)),
        ]);
        return { active: !!reg.active || !!ready.active, permission: Notification.permission, subscribed: true, endpoint: sub.endpoint };
      } catch (e) {
        return { active: !!reg.active || !!ready.active, permission: Notification.permission, subscribed: false, error: String(e) };
      }
    }, vapid.publicKey);
    console.log('push e2e: real PushManager.subscribe in headless Chromium:', JSON.stringify(attempt));
    expect(attempt.active).toBe(true);
    expect(attempt.permission).toBe('granted');

    // Favorite in the UI, then register a subscription pointing at the loopback push service, in Spanish.
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await page.getByRole('button', { name: 'Favorited' }).waitFor();
    const sub = fakeSubscription(`${pushBase}/push/e2e`);
    const posted = await page.evaluate(
      async ({ key, token }) => {
        const r = await fetch(`/api/web_push_token?push_token=${encodeURIComponent(token)}&lang=esp`, {
          method: 'POST',
          headers: { 'SESSION-TOKEN': localStorage.getItem(key) ?? '' },
        });
        return r.status;
      },
      { key: STORAGE.sessionId, token: sub.json },
    );
    expect(posted).toBe(200);

    // A chapter of the title becomes readable two seconds from now.
    const { db, close } = await openDb(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }));
    const now = Math.floor(Date.now() / 1000);
    const last = await db
      .selectFrom('chapters')
      .select(({ fn }) => [fn.max('id').as('id'), fn.max('seq').as('seq')])
      .executeTakeFirstOrThrow();
    const chapterId = Number(last.id) + 1;
    await db
      .insertInto('chapters')
      .values({
        id: chapterId,
        title_id: titleId,
        seq: Number(last.seq) + 1,
        name: '#999',
        sub_title: 'Push',
        thumbnail_url: '',
        start_ts: now + 2,
        end_ts: 0,
        is_vertical_only: 0,
        is_horizontal_only: 0,
        view_count: 0,
        ticket_end: 0,
        notified_at: 0,
      })
      .execute();
    // Its pages: those of the title's previous chapter (demo art is drawn on demand).
    const prev = await db
      .selectFrom('chapters')
      .select('id')
      .where('title_id', '=', titleId)
      .where('id', '!=', chapterId)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    const pages = await db.selectFrom('pages').selectAll().where('chapter_id', '=', prev.id).execute();
    if (pages.length)
      await db
        .insertInto('pages')
        .values(pages.map((p) => ({ ...p, chapter_id: chapterId })))
        .execute();
    await close();

    await push.waitFor(1);
    expect(push.received).toHaveLength(1);
    const got = push.received[0];
    expect(got.path).toBe('/push/e2e');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    const msg = decrypt(sub, got.body) as { body: string; url: string; lang: string; chapterId: number; titleId: number };
    expect(msg).toMatchObject({ body: 'Nuevo capítulo: #999', url: `/viewer/${chapterId}`, lang: 'esp', chapterId, titleId });

    // The service worker shows that message and, on a click, brings the viewer up.
    // (No push service reaches it offline: the events are dispatched inside the worker.)
    const worker = ctx.serviceWorkers()[0] ?? (await ctx.waitForEvent('serviceworker'));
    const { shown, why } = await worker.evaluate(async (m) => {
      const sw = self as unknown as {
        dispatchEvent(e: Event): boolean;
        addEventListener(t: string, f: (e: { reason?: unknown; message?: string }) => void): void;
        registration: { getNotifications(): Promise<Array<{ title: string; body: string; tag: string; data: { url: string } }>> };
      };
      // What went wrong, if the notification never shows: the failure message says it.
      const why: string[] = [`permission ${(self as unknown as { Notification: { permission: string } }).Notification.permission}`];
      sw.addEventListener('unhandledrejection', (e) => why.push(`rejected: ${String(e.reason)}`));
      sw.addEventListener('error', (e) => why.push(`error: ${e.message}`));
      const PushEventCtor = (self as unknown as { PushEvent: new (t: string, i: { data: string }) => Event }).PushEvent;
      const push = () => {
        try {
          sw.dispatchEvent(new PushEventCtor('push', { data: JSON.stringify(m) }));
        } catch (e) {
          // waitUntil refuses synthetic events; the notification is already on its way.
          why.push(`dispatch: ${String(e)}`);
        }
      };
      // Bounded: a notification that never shows fails the comparison below instead of hanging.
      // A busy machine has been seen to show none after one synthetic event (CI on two cores), so it
      // is dispatched again every 5 s; the tag keeps it to one notification.
      for (let i = 0; i < 400; i++) {
        if (i % 100 === 0) push();
        const list = await sw.registration.getNotifications();
        if (list.length) return { shown: list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data.url })), why };
        await new Promise((r) => setTimeout(r, 50));
      }
      return { shown: [], why };
    }, msg);
    expect(shown, why.join('; ')).toEqual([
      {
        title: (msg as unknown as { title: string }).title,
        body: 'Nuevo capítulo: #999',
        tag: `chapter-${chapterId}`,
        url: `/viewer/${chapterId}`,
      },
    ]);

    await worker.evaluate(async () => {
      const sw = self as unknown as { dispatchEvent(e: Event): boolean; registration: { getNotifications(): Promise<object[]> } };
      const [n] = await sw.registration.getNotifications();
      const Ctor = (self as unknown as { NotificationEvent: new (t: string, i: { notification: object }) => Event }).NotificationEvent;
      try {
        sw.dispatchEvent(new Ctor('notificationclick', { notification: n }));
      } catch {
        // as above
      }
    });
    const viewerUrl = new RegExp(`/viewer/${chapterId}$`);
    await expect.poll(() => ctx.pages().some((p) => viewerUrl.test(p.url()))).toBe(true);
    const viewer = ctx.pages().find((p) => viewerUrl.test(p.url()))!;
    await viewer.waitForLoadState('networkidle');
    await viewer.getByText('#999').first().waitFor();
    await viewer.screenshot({ path: '.tmp/screenshots/push/e2e-viewer-from-notification.png' });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
