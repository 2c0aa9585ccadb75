import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, newToken, setup, type TestApp } from './helpers.js';
import { S, T } from './fixtureIds.js';
import { msg, msgs, num, numbers, str, view } from './wireReader.js';

/**
 * The phone app's API, decoded by field numbers alone
 * (wireReader.ts, ../shared/wire-format.md "Mobile API"), with the app
 * parameters the clients send. Failures are the error envelope with HTTP 200.
 */
const APP = 'os=android&os_ver=34&app_ver=97&secret=0123456789abcdef0123456789abcdef';
const ABS = /^http:\/\/localhost:80\//;

for (const backend of BACKENDS) {
  describe(`mobile API (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await setup(backend, 'mobile');
    });
    afterAll(() => t.close());

    const get = async (url: string, token?: string) => {
      const a = await call(t.app, { method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}${APP}`, ...(token ? { token } : {}) });
      expect(a.status).toBe(200);
      return a;
    };
    /** Title 1-4: id, name, author, portrait URL (absolute). */
    const title = (b: Uint8Array) => {
      expect(str(b, 2).length).toBeGreaterThan(0);
      expect(str(b, 3).length).toBeGreaterThan(0);
      expect(str(b, 4)).toMatch(ABS);
      return num(b, 1);
    };

    it('home_v4 → 24 HomeViewV3: daily groups of title groups, the basic plan, no popup', async () => {
      const v = view((await get('/api/home_v4?viewer_mode=vertical&lang=eng&clang=eng')).body, 24);
      expect(num(v, 10)).toBe(0);
      expect(msg(v, 9)).toBeUndefined();
      expect(str(msg(v, 11)!, 1)).toBe('basic');
      const groups = msgs(v, 2);
      expect(groups.length).toBeGreaterThan(0);
      const ids: number[] = [];
      for (const g of groups) {
        expect(str(g, 1).length).toBeGreaterThan(0);
        for (const og of msgs(g, 2)) {
          expect(str(og, 1).length).toBeGreaterThan(0);
          for (const u of msgs(og, 3)) ids.push(title(msg(u, 1)!));
        }
      }
      expect(ids).toContain(T.bladeEn);
      expect(ids).not.toContain(T.bladeEs); // clang=eng
      expect(msgs(v, 1).every((b) => ABS.test(str(b, 1)))).toBe(true);
      // tosho's Spanish code
      const es = view((await get('/api/home_v4?lang=spa&clang=spa')).body, 24);
      expect(msgs(es, 2).flatMap((g) => msgs(g, 2).flatMap((og) => msgs(og, 3).map((u) => num(msg(u, 1)!, 1))))).toContain(T.bladeEs);
    });

    it('featured → 4 FeaturedTitlesView: main and sub banners, contents of banners and title lists', async () => {
      const v = view((await get('/api/featured?lang=eng')).body, 4);
      for (const no of [1, 2, 3]) expect(str(msg(v, no)!, 1)).toMatch(ABS);
      const contents = msgs(v, 4);
      expect(contents.length).toBeGreaterThan(0);
      for (const c of contents) {
        const kinds = numbers(c);
        expect(kinds.length).toBe(1);
        if (kinds[0] === 1) expect(str(msg(c, 1)!, 1)).toMatch(ABS);
        else msgs(msg(c, 2)!, 2).forEach(title);
      }
    });

    it('init_v2 → 28, profile → 13, settings_v2 → 26 with favorites, subscription → 36', async () => {
      const init = view((await get('/api/init_v2')).body, 28);
      expect(num(init, 1)).toBe(0);
      const langs = msgs(init, 2);
      expect(langs.map((l) => num(l, 1))).toContain(0);
      expect(langs.every((l) => num(l, 2) > 0)).toBe(true);

      const profile = view((await get('/api/profile')).body, 13);
      const icons = msgs(profile, 1);
      expect(icons.length).toBeGreaterThan(1);
      expect(icons.map((i) => num(i, 1))[0]).toBe(1);
      expect(icons.every((i) => ABS.test(str(i, 2)))).toBe(true);
      expect(str(msg(profile, 3)!, 2)).toMatch(ABS);

      const token = newToken();
      const put = await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.catsFr}`, token });
      expect(put.status).toBe(200);
      const settings = view((await get('/api/settings_v2?viewer_mode=vertical&lang=eng&clang=eng', token)).body, 26);
      expect(str(msg(settings, 6)!, 1)).toBe('basic');
      expect(str(msg(settings, 1)!, 2)).toMatch(ABS);
      expect(msgs(settings, 5).length).toBeGreaterThan(0);
      const fav = msgs(settings, 9);
      expect(fav.map((g) => [num(g, 1), msgs(g, 2).map(title)])).toEqual([[S.cats, [T.catsFr]]]);

      const sub = view((await get('/api/subscription')).body, 36);
      expect(str(msg(sub, 1)!, 1)).toBe('basic');
      expect(msgs(sub, 2).map((p) => str(p, 1))).toEqual(['basic', 'standard', 'deluxe']);
      const groups = msgs(sub, 3);
      expect(groups.map((g) => str(g, 1))).toEqual(['standard', 'deluxe']);
      expect(groups.every((g) => msgs(g, 2).length > 0 && str(g, 3).length > 0)).toBe(true);
      msgs(groups[1], 2).forEach(title);
    });

    it('free_titles → 33 and search → 35: titles, string timestamps, groups with tags and a timestamp', async () => {
      const free = msgs(view((await get('/api/title_list/free_titles?clang=eng')).body, 33), 1);
      expect(free.length).toBeGreaterThan(0);
      for (const f of free) {
        title(msg(f, 1)!);
        expect(str(f, 2)).toMatch(/^\d{9,10}$/);
      }
      expect(free.map((f) => num(msg(f, 1)!, 7))).toEqual(free.map(() => 0)); // English only
      expect(num(msg(free[0], 1)!, 1)).toBe(T.bladeEn); // chapter 1007, an hour ago

      const s = view((await get('/api/title_list/search?lang=eng&clang=eng')).body, 35);
      const tags = msgs(s, 2);
      expect(tags.length).toBeGreaterThan(0);
      expect(tags.every((g) => str(g, 1) && str(g, 2))).toBe(true);
      const groups = msgs(s, 3);
      expect(groups.length).toBeGreaterThan(0);
      for (const g of groups) {
        expect(str(g, 1).length).toBeGreaterThan(0);
        msgs(g, 2).forEach(title);
        expect(num(g, 5)).toBeGreaterThan(0);
      }
    });

    it('comments and comment → 9 CommentListView; bad input is the error envelope with HTTP 200 on the mobile path', async () => {
      for (const path of ['/api/comments', '/api/comment']) {
        const v = view((await get(`${path}?chapter_id=1007`)).body, 9);
        const comments = msgs(v, 1);
        expect(comments.length).toBeGreaterThan(0);
        expect(comments.every((c) => num(c, 1) > 0 && str(c, 3) && ABS.test(str(c, 4)) && str(c, 10))).toBe(true);
        expect(num(msg(v, 3)!, 1)).toBe(T.bladeEn);
      }
      const bad = await call(t.app, { method: 'GET', url: `/api/comments?chapter_id=x&${APP}` });
      expect(bad.status).toBe(200);
      const err = msg(new Uint8Array(bad.body), 2)!;
      expect(str(msg(err, 2)!, 1).length).toBeGreaterThan(0);
      expect(str(msg(err, 2)!, 2)).toMatch(/\(\d+\)$/);
      expect(msgs(err, 5).length).toBeGreaterThan(0);
    });

    it('manga_viewer_v3 → 10: plain pages behind a view token, sent three ways', async () => {
      const url = `/api/manga_viewer_v3?chapter_id=1007&split=yes&img_quality=high&viewer_mode=vertical&free_reading=yes&ticket_reading=no&subscription_reading=no`;
      const a = await get(url);
      const v = view(a.body, 10);
      expect(num(v, 9)).toBe(T.bladeEn);
      const token = str(v, 19);
      expect(token).toMatch(/^[^=;]+$/);
      const cookie = a.headers['set-cookie'];
      // The token first, up to the first ';' (what the clients read), then its attributes.
      expect(Array.isArray(cookie) ? cookie[0] : cookie).toMatch(
        new RegExp(`^plus_vw_token=${token}; Path=/api/manga_viewer_v3; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
      );
      expect(str(msg(v, 13)!, 1)).toBe('basic');
      // Chapters: readable now are free (11 true, 16 FREE); 1003 ended: behind the series' plan (16 STANDARD).
      const chapters = new Map(msgs(v, 3).map((c) => [num(c, 2), c]));
      expect([num(chapters.get(1007)!, 11), num(chapters.get(1007)!, 16)]).toEqual([1, 0]);
      expect([num(chapters.get(1003)!, 11), num(chapters.get(1003)!, 16)]).toEqual([0, 2]);

      const pages = msgs(v, 1).flatMap((p) => msg(p, 1) ?? []);
      expect(pages.length).toBe(4);
      for (const p of pages) {
        expect(str(p, 1)).toMatch(/^http:\/\/localhost:80\/api\/manga_viewer_v3\/page\/1007\/\d\/high\.webp\?token=/);
        expect(str(p, 5)).toBe('00');
        expect(num(p, 2) * num(p, 3)).toBeGreaterThan(0);
      }
      // The fixture pages have no image files (absoluteUrls.test.ts fetches the demo catalog's): a valid
      // token gets past the check to the missing image (404), none or another chapter's is refused (403).
      const first = str(pages[0], 1);
      const bare = first.replace(/\?.*$/, '');
      expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: bare, headers: { 'plus-vw-token': token } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(403);
      const other = token.replace(/^1007-/, '1006-');
      expect((await t.app.inject({ method: 'GET', url: bare, headers: { 'plus-vw-token': other } })).statusCode).toBe(403);
      const forged = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
      expect((await t.app.inject({ method: 'GET', url: `${bare}?token=${forged}` })).statusCode).toBe(403);
    });

    it('manga_viewer_v3 errors: an ended chapter is UNAUTHORIZED, unknown and malformed are errors, all with HTTP 200', async () => {
      const ended = msg(new Uint8Array((await get('/api/manga_viewer_v3?chapter_id=1003&subscription_reading=yes')).body), 2)!;
      expect(num(ended, 1)).toBe(1);
      const unknown = msg(new Uint8Array((await get('/api/manga_viewer_v3?chapter_id=999999&free_reading=yes')).body), 2)!;
      expect(num(unknown, 1)).toBe(0);
      expect(msg(new Uint8Array((await get('/api/manga_viewer_v3?chapter_id=1007&free_reading=maybe')).body), 2)).toBeDefined();
      // The web calls keep their statuses; with the app parameters they answer 200.
      expect((await call(t.app, { method: 'GET', url: '/api/manga_viewer?chapter_id=999999' })).status).toBe(404);
      expect((await call(t.app, { method: 'GET', url: '/api/comment?chapter_id=x' })).status).toBe(400);
      expect(msg(new Uint8Array((await get('/api/manga_viewer?chapter_id=999999')).body), 2)).toBeDefined();
      expect(msg(new Uint8Array((await get('/api/comment?chapter_id=x')).body), 2)).toBeDefined();
      // Any other web call made with the app parameters: the envelope with HTTP 200 too.
      expect((await call(t.app, { method: 'GET', url: '/api/title_detailV3?title_id=999999' })).status).toBe(404);
      expect(msg(new Uint8Array((await get('/api/title_detailV3?title_id=999999')).body), 2)).toBeDefined();
    });

    it('manga_viewer with the app parameters answers as manga_viewer_v3; register → 2 a device secret', async () => {
      const a = await get('/api/manga_viewer?chapter_id=1007&split=yes&img_quality=high');
      const v = view(a.body, 10);
      const pages = msgs(v, 1).flatMap((p) => msg(p, 1) ?? []);
      expect(pages.map((p) => str(p, 5))).toEqual(['00', '00', '00', '00']);
      expect(str(pages[0], 1)).toContain('/api/manga_viewer_v3/page/1007/0/high.webp?token=');
      const web = view((await call(t.app, { method: 'GET', url: '/api/manga_viewer?chapter_id=1007' })).body, 10);
      expect(str(msg(msgs(web, 1)[0], 1)!, 5)).toMatch(/^[0-9a-f]{4,}$/);

      const r = await call(t.app, {
        method: 'PUT',
        url: '/api/register?device_token=0123456789abcdef0123456789abcdef&security_key=x&os=android',
      });
      expect(r.status).toBe(200);
      expect(str(view(r.body, 2), 1)).toMatch(/^[0-9a-f]{32}$/);
    });
  });
}
