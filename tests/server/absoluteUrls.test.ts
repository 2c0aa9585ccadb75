import { toJson } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseSchema } from '../../core/gen/manga/v1/response_pb.js';
import { ensureCatalog } from '../../server/catalog/index.js';
import { BACKENDS, call, newToken, setup, success, type Loose, type TestApp } from './helpers.js';
import { msg, msgs, str, view } from './wireReader.js';

/**
 * Every URL in every answer, web and mobile, is absolute and
 * fetches as it is, through the same app, on the demo catalog (whose art is
 * drawn on first request). URLs are the string fields named *Url; no string
 * anywhere is a relative image path. A few of each kind of URL are fetched
 * (kind: the path with its numbers left out): the first fetch draws the art.
 */
const APP = 'os=ios&os_ver=18.1&app_ver=1024&secret=s';
const ORIGIN = 'http://localhost:80';

/** Every (key, string) of an answer's canonical JSON. */
function strings(j: unknown, key = '', out: [string, string][] = []): [string, string][] {
  if (typeof j === 'string') out.push([key, j]);
  else if (Array.isArray(j)) for (const x of j) strings(x, key, out);
  else if (j && typeof j === 'object') for (const [k, v] of Object.entries(j)) strings(v, k, out);
  return out;
}

for (const backend of BACKENDS) {
  describe(`absolute URLs (${backend})`, () => {
    let t: TestApp;
    let titleId = 0;
    let chapterId = 0;
    let publisherId = 0;
    const token = newToken();
    beforeAll(async () => {
      t = await setup(backend, 'absurls', {}, false);
      await ensureCatalog({ db: t.db, dialect: t.app.dialect, config: t.app.config, log: () => {}, now: t.now });
      const all = success(await call(t.app, { url: '/api/title_list/allV2' })).data;
      if (all.case !== 'allTitlesViewV2') throw new Error(all.case);
      titleId = all.value.allTitlesGroup[0].titles[0].titleId;
      const d = success(await call(t.app, { url: `/api/title_detailV3?title_id=${titleId}` })).data;
      if (d.case !== 'titleDetailView') throw new Error(d.case);
      chapterId = d.value.firstChapterList[0].chapterId;
      publisherId = d.value.publisherBanner?.id ?? 0;
      await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${titleId}`, token });
    });
    afterAll(() => t.close());

    const calls = () => [
      '/api/web/web_homeV4?lang=eng&clang=eng',
      '/api/featuredV2?lang=eng',
      '/api/title_list/rankingV2?lang=eng&type=hottest',
      '/api/title_list/all_v3?type=serializing&lang=eng',
      '/api/title_list/allV2',
      '/api/title_list/updated',
      '/api/title_list/bookmark',
      `/api/title_detailV3?title_id=${titleId}`,
      `/api/manga_viewer?chapter_id=${chapterId}&split=yes&img_quality=low`,
      `/api/comment?chapter_id=${chapterId}`,
      `/api/publisher_news_list?publisher_id=${publisherId}&lang=eng`,
      '/api/language',
      '/api/web/announcement?lang=eng',
      `/api/home_v4?lang=eng&clang=eng&${APP}`,
      `/api/featured?lang=eng&${APP}`,
      `/api/init_v2?${APP}`,
      `/api/profile?${APP}`,
      `/api/settings_v2?${APP}`,
      `/api/subscription?${APP}`,
      `/api/title_list/free_titles?${APP}`,
      `/api/title_list/search?lang=eng&${APP}`,
      `/api/comments?chapter_id=${chapterId}&${APP}`,
      `/api/manga_viewer_v3?chapter_id=${chapterId}&img_quality=low&free_reading=yes&${APP}`,
    ];

    it('every URL of every answer is absolute, and a few of each kind fetch as they are', async () => {
      const byKind = new Map<string, Set<string>>();
      for (const url of calls()) {
        for (const format of ['', '&format=json']) {
          let json: unknown;
          if (format) {
            const r = await t.app.inject({ url: `${url}${url.includes('?') ? '' : '?'}${format}`, headers: { 'session-token': token } });
            json = JSON.parse(r.body) as Loose;
            expect(Object.keys(json as Loose), url).toEqual(['success']);
          } else {
            const a = await call(t.app, { url, token });
            success(a);
            json = toJson(ResponseSchema, a.res);
          }
          for (const [key, value] of strings(json)) {
            expect(value.startsWith('/img/'), `${url} ${key}`).toBe(false);
            if (!/Url$/.test(key) || value === '') continue;
            expect(value, `${url} ${key}`).toMatch(/^https?:\/\//);
            if (!value.startsWith(`${ORIGIN}/`)) continue;
            const kind = new URL(value).pathname.replace(/\d+/g, '#');
            byKind.set(kind, (byKind.get(kind) ?? new Set()).add(value));
          }
        }
      }
      expect([...byKind.keys()].length).toBeGreaterThan(5);
      for (const [kind, urls] of byKind) {
        for (const url of [...urls].slice(0, 2)) {
          const r = await t.app.inject({ method: 'GET', url });
          expect([kind, r.statusCode, String(r.headers['content-type'])]).toEqual([kind, 200, 'image/webp']);
        }
      }
      expect([...byKind.keys()]).toEqual(expect.arrayContaining(['/img/page/#/#/low.webp', '/api/manga_viewer_v#/page/#/#/low.webp']));
    });

    it('manga_viewer_v3 pages are the web pages decrypted; the view token also works as the Plus-Vw-Token header', async () => {
      const web = view((await call(t.app, { url: `/api/manga_viewer?chapter_id=${chapterId}&img_quality=low` })).body, 10);
      const app = view((await call(t.app, { url: `/api/manga_viewer_v3?chapter_id=${chapterId}&img_quality=low&${APP}` })).body, 10);
      const webPage = msgs(web, 1).flatMap((p) => msg(p, 1) ?? [])[1];
      const appPage = msgs(app, 1).flatMap((p) => msg(p, 1) ?? [])[1];
      const enc = await t.app.inject({ method: 'GET', url: str(webPage, 1) });
      const key = Buffer.from(str(webPage, 5), 'hex');
      const plain = Buffer.from(enc.rawPayload.map((x, i) => x ^ key[i % key.length]));
      expect(plain.subarray(0, 4).toString()).toBe('RIFF');
      const bare = str(appPage, 1).replace(/\?.*$/, '');
      const r = await t.app.inject({ method: 'GET', url: bare, headers: { 'plus-vw-token': str(app, 19), 'user-agent': 'ktor-client' } });
      expect(r.statusCode).toBe(200);
      expect(r.rawPayload.equals(plain)).toBe(true);
    });

    it('the base is the request host per request (cached answers too), X-Forwarded-* only under TRUST_PROXY, PUBLIC_URL over both', async () => {
      const home = (host: string, extra: Record<string, string> = {}, app = t.app) =>
        call(app, { url: '/api/web/web_homeV4?lang=eng', headers: { host, ...extra } }).then((a) => {
          const v = success(a).data;
          if (v.case !== 'webHomeViewV4') throw new Error(v.case);
          return v.value.groups[0].titleGroups[0].titles[0].title!.portraitImageUrl;
        });
      expect(await home('a.example')).toMatch(/^http:\/\/a\.example\/img\//);
      expect(await home('b.example:8080')).toMatch(/^http:\/\/b\.example:8080\/img\//);
      expect(await home('a.example', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'proxy.example' })).toMatch(
        /^http:\/\/a\.example\//,
      );
      const proxied = await setup(backend, 'absurls-proxy', { trustProxy: true }, false);
      const pub = await setup(backend, 'absurls-public', { publicUrl: 'https://cdn.example.com' }, false);
      try {
        for (const x of [proxied, pub])
          await ensureCatalog({ db: x.db, dialect: x.app.dialect, config: x.app.config, log: () => {}, now: x.now });
        const fwd = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'proxy.example' };
        expect(await home('a.example', fwd, proxied.app)).toMatch(/^https:\/\/proxy\.example\/img\//);
        expect(await home('a.example', fwd, pub.app)).toMatch(/^https:\/\/cdn\.example\.com\/img\//);
      } finally {
        await proxied.close();
        await pub.close();
      }
    });
  });
}
