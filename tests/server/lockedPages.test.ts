import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualServerClock } from '../../server/lib/clock.js';
import { viewTokenKeys } from '../../server/services/viewTokens.js';
import { BACKENDS, call, newToken, setup, success, type TestApp } from './helpers.js';
import { KEY_HEX } from './fixtureIds.js';

/**
 * Items 1, 3, 6 and 7: pages of a chapter not readable now are
 * refused on every path, view tokens cannot be made without the server's
 * key, each image has one spelling, cookies carry their attributes,
 * per-visitor answers are private, images keep their statuses.
 */
describe.each(BACKENDS)('locked pages and one spelling per image on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, `locked_${backend}`);
    // Drawn pages (demo art) for: 1007 (readable, no end), 1006 (ends in 3 days), 1003 (ended), 1008 (not yet out).
    await t.db.updateTable('pages').set({ source: 'demo:7' }).where('chapter_id', '=', 1007).execute();
    await t.db
      .insertInto('pages')
      .values(
        [1006, 1003, 1008].map((id) => ({
          chapter_id: id,
          idx: 0,
          type: 0,
          width: 960,
          height: 1380,
          encryption_key: KEY_HEX,
          source: 'demo:7',
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const APP = 'os=android&os_ver=30&app_ver=200';
  const tokenOf = async (chapterId: number) => {
    const a = await call(t.app, { method: 'GET', url: `/api/manga_viewer_v3?chapter_id=${chapterId}&${APP}`, token: newToken() });
    const v = success(a).data;
    if (v.case !== 'mangaViewer') throw new Error(`no viewer for ${chapterId}`);
    return { token: v.value.viewerToken, cookie: String(a.headers['set-cookie']) };
  };

  it('/img/page: 403 for a chapter not out yet or ended, whatever the quality; readable ones cached no longer than they are', async () => {
    for (const id of [1003, 1008]) {
      for (const q of ['low', 'high', 'super_high']) {
        const r = await get(`/img/page/${id}/0/${q}.webp`);
        expect(r.statusCode, `${id} ${q}`).toBe(403);
        // An app's parameters do not turn an image's failure into the API's envelope: the status stays.
        const withApp = await get(`/img/page/${id}/0/${q}.webp?${APP}`);
        expect(withApp.statusCode, `${id} ${q} with app parameters`).toBe(403);
        expect(withApp.headers['content-type']).toMatch(/^text\/plain/);
      }
    }
    // No end of free reading: still never immutable (it can be taken down), kept 5 minutes and revalidated.
    const noEnd = await get('/img/page/1007/0/low.webp');
    expect(noEnd.statusCode).toBe(200);
    expect(noEnd.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    const ending = await get('/img/page/1006/0/low.webp');
    expect(ending.statusCode).toBe(200);
    expect(ending.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    // Two minutes before its end: cached for at most those two minutes.
    await t.db
      .updateTable('chapters')
      .set({ end_ts: t.app.clock.nowSec() + 120 })
      .where('id', '=', 1006)
      .execute();
    const max = Number(/max-age=(\d+)/.exec(String((await get('/img/page/1006/0/low.webp')).headers['cache-control']))?.[1]);
    expect(max).toBeGreaterThan(60);
    expect(max).toBeLessThanOrEqual(120);
    await t.db
      .updateTable('chapters')
      .set({ end_ts: t.app.clock.nowSec() + 3 * 86_400 })
      .where('id', '=', 1006)
      .execute();
  });

  it('view tokens: signed with the server key, bound to the chapter, refused once the chapter ended', async () => {
    const { token, cookie } = await tokenOf(1006);
    const page = '/api/manga_viewer_v3/page/1006/0/low.webp';
    expect((await get(`${page}?token=${token}`)).statusCode).toBe(200);
    expect(cookie).toMatch(/; Path=\/api\/manga_viewer_v3; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    // Issue 28's forgery: SHA-256 over the chapter, an expiry in 2100 and the page keys (which the web viewer hands out).
    const exp = 4102444800;
    const old = crypto.createHash('sha256').update(`plus_vw_token|1006|${exp}|${KEY_HEX}`).digest('hex').slice(0, 32);
    expect((await get(`${page}?token=1006-${exp}-${old}`)).statusCode).toBe(403);
    const [, tokenExp] = token.split('-');
    const keyless = crypto.createHmac('sha256', '').update(`plus_vw_token|1006|${tokenExp}`).digest('hex').slice(0, 32);
    expect((await get(`${page}?token=1006-${tokenExp}-${keyless}`)).statusCode).toBe(403);
    expect((await get('/api/manga_viewer_v3/page/1007/0/low.webp', { 'plus-vw-token': token })).statusCode).toBe(403);
    // The chapter ends while the token is still valid: its pages are refused on both paths.
    await t.db
      .updateTable('chapters')
      .set({ end_ts: t.app.clock.nowSec() - 1 })
      .where('id', '=', 1006)
      .execute();
    expect((await get(`${page}?token=${token}`)).statusCode).toBe(403);
    expect((await get(`${page}?token=${token}&${APP}`)).statusCode).toBe(403);
    expect((await get('/img/page/1006/0/low.webp')).statusCode).toBe(403);
  });

  it('the cookie is Secure over HTTPS (a trusted proxy says so)', async () => {
    const p = await setup(backend, `locked_tls_${backend}`, { trustProxy: true });
    try {
      const r = await p.app.inject({
        method: 'GET',
        url: `/api/manga_viewer_v3?chapter_id=1007&${APP}`,
        headers: { 'x-forwarded-proto': 'https', 'session-token': newToken() },
      });
      expect(String(r.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await p.close();
    }
  });

  it('view token keys rotate with an overlap: the previous key is accepted for VIEW_TOKEN_OVERLAP_S, then not', async () => {
    const clock = manualServerClock(Date.UTC(2026, 0, 1));
    const keys = viewTokenKeys(t.db, clock, { viewTokenSecret: '', viewTokenSecretPrevious: '', viewTokenOverlapS: 600 });
    const now = clock.nowSec();
    const before = await keys.sign(1007, now + 3600);
    expect(await keys.opens(before, 1007, now)).toBe(true);
    expect(await keys.opens(before, 1006, now)).toBe(false);
    expect(await keys.opens(before, 1007, now + 3601)).toBe(false);
    await keys.rotate();
    const after = await keys.sign(1007, now + 3600);
    expect(after).not.toBe(before);
    expect(await keys.opens(before, 1007, now)).toBe(true);
    clock.advance(601_000);
    const later = viewTokenKeys(t.db, clock, { viewTokenSecret: '', viewTokenSecretPrevious: '', viewTokenOverlapS: 600 });
    expect(await later.opens(after, 1007, now)).toBe(true);
    expect(await later.opens(before, 1007, now)).toBe(false);
    // From the environment: the previous secret is accepted while it is set.
    const env = (prev: string) =>
      viewTokenKeys(t.db, clock, { viewTokenSecret: 'new', viewTokenSecretPrevious: prev, viewTokenOverlapS: 600 });
    const signedOld = await viewTokenKeys(t.db, clock, {
      viewTokenSecret: 'old',
      viewTokenSecretPrevious: '',
      viewTokenOverlapS: 600,
    }).sign(5, now + 60);
    expect(await env('old').opens(signedOld, 5, now)).toBe(true);
    expect(await env('').opens(signedOld, 5, now)).toBe(false);
  });

  it('one spelling per image: other spellings, unknown names and long segments are 404, and nothing is stored', async () => {
    const imgDir = path.join(t.app.config.dataDir, 'img');
    const files = () => (fs.existsSync(imgDir) ? fs.readdirSync(imgDir, { recursive: true }).length : 0);
    expect((await get('/img/title/101/portrait.webp')).statusCode).toBe(200);
    const stored = files();
    const names = [
      '/img/title/0101/portrait.webp',
      '/img/title/0x65/portrait.webp',
      '/img/title/0o145/portrait.webp',
      '/img/title/0b1100101/portrait.webp',
      '/img/title/1e2/portrait.webp',
      '/img/title/101/constructor.webp',
      '/img/title/101/__proto__.webp',
      '/img/title/99999999999/portrait.webp',
      '/img/title/999999/portrait.webp',
      `/img/title/${'0'.repeat(300)}101/portrait.webp`,
      `/img/chapter/${'9'.repeat(300)}/thumb.webp`,
      '/img/icon/01.webp',
      '/img/icon/13.webp',
      '/img/label/constructor.webp',
      '/img/page/01007/0/low.webp',
      '/img/page/1007/00/low.webp',
      '/img/page/1007/0/huge.webp',
      `/img/page/${'1'.repeat(300)}/0/low.webp`,
      `/api/manga_viewer_v3/page/01007/0/low.webp`,
    ];
    for (const n of names) {
      const r = await get(n);
      expect(r.statusCode, n.slice(0, 60)).toBe(404);
      // With the app parameters too: images keep their statuses.
      expect((await get(`${n}?${APP}`)).statusCode, n.slice(0, 60)).toBe(404);
    }
    expect(files()).toBe(stored);
  });

  it('per-visitor answers are private, no-store; shared answers are not', async () => {
    const me = newToken();
    success(await call(t.app, { method: 'PUT', url: '/api/title_list/bookmark?title_id=101', token: me }));
    for (const url of [
      '/api/title_list/bookmark',
      '/api/history',
      '/api/manga_viewer?chapter_id=1007',
      '/api/title_detailV3?title_id=101',
    ]) {
      const a = await call(t.app, { method: 'GET', url, token: me });
      expect(a.status, url).toBe(200);
      expect(a.headers['cache-control'], url).toBe('private, no-store');
    }
    const settings = await call(t.app, { method: 'GET', url: `/api/settings_v2?${APP}`, token: me });
    expect(settings.headers['cache-control']).toBe('private, no-store');
    // A new session token in the answer: never for a shared cache either.
    expect((await call(t.app, { method: 'GET', url: '/api/language' })).headers['cache-control']).toBe('private, no-store');
    const shared = await call(t.app, { method: 'GET', url: '/api/language', token: me });
    expect(shared.headers['cache-control']).toBeUndefined();
  });
});
