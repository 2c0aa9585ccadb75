import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers.js';
import { T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { filesUnder, page, upload } from './consoleCatalogHelpers.js';

/** A CDN that takes `PURGE <path>` (as Varnish does): the paths it was asked to drop. */
async function purgeRecorder(): Promise<{ url: string; purged: string[]; close: () => Promise<void> }> {
  const purged: string[] = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'PURGE') purged.push(req.url ?? '');
    res.writeHead(req.method === 'PURGE' ? 200 : 405).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, purged, close: () => new Promise((r) => server.close(() => r())) };
}

const QUALITIES = ['low', 'high', 'super_high'];

/**
 * Issue 46, item 5: every live chapter can still be taken down, so its
 * pages are never cached for a year: browsers keep them 5 minutes and then
 * revalidate (ETag), a CDN purged at a take-down a day; the take-down purges
 * the origin's copies and the CDN's, and a restore brings them back.
 */
describe.each(BACKENDS)('pages of a chapter that can be taken down (%s)', (backend) => {
  for (const withCdn of [false, true]) {
    describe(withCdn ? 'with CDN_PURGE_URL' : 'without a CDN', () => {
      let c: ConsoleApp;
      let cdn: Awaited<ReturnType<typeof purgeRecorder>>;
      let cookie = '';
      let id = 0;
      beforeAll(async () => {
        cdn = await purgeRecorder();
        c = await setupConsole(backend, `takedown${withCdn ? 'cdn' : ''}`, withCdn ? { cdnPurgeUrl: cdn.url } : {});
        const m = await memberWithSession(c.db, ['editor'], c.clock.nowSec());
        cookie = m.cookie;
        const ch = await api(c.app, 'POST', '/chapters', {
          cookie,
          body: { titleId: T.bladeEn, name: 'Released Too Early', subTitle: '' },
        });
        id = ch.json.id as number;
        const ups = [
          await upload(c.app, cookie, id, '1.png', await page(600, 850, 30)),
          await upload(c.app, cookie, id, '2.png', await page(600, 850, 90)),
        ];
        await api(c.app, 'POST', `/chapters/${id}/process`, { cookie, body: { uploads: ups, version: 0 } });
        await c.app.catalog.jobs.idle();
        const out = await api(c.app, 'POST', `/releases/${id}/now`, { cookie, body: { version: await version() } });
        expect(out.json.state, JSON.stringify(out.json)).toBe('live');
      });
      afterAll(async () => {
        await c?.close();
        await cdn?.close();
      });

      const get = (url: string, headers: Record<string, string> = {}) => c.app.inject({ method: 'GET', url, headers });
      const version = async () => (await api(c.app, 'GET', `/chapters/${id}`, { cookie })).json.version as number;
      const thumbnail = async () =>
        (await c.db.selectFrom('chapters').select('thumbnail_url').where('id', '=', id).executeTakeFirstOrThrow()).thumbnail_url;

      it('a live page is kept briefly and revalidated, never immutable', async () => {
        const r = await get(`/img/page/${id}/0/high.webp`);
        expect(r.statusCode).toBe(200);
        expect(r.headers['cache-control']).toBe(
          withCdn ? 'public, max-age=300, s-maxage=86400, must-revalidate' : 'public, max-age=300, must-revalidate',
        );
        const etag = String(r.headers.etag);
        expect(etag).toMatch(/^".+"$/);
        expect((await get(`/img/page/${id}/0/high.webp`, { 'if-none-match': etag })).statusCode).toBe(304);
      });

      it('a take-down purges the origin copies and the CDN; the page is 404; a restore serves it again', async () => {
        const thumb = await thumbnail();
        expect((await get(thumb)).statusCode).toBe(200);
        const img = path.join(c.app.config.dataDir, 'img');
        expect(filesUnder(path.join(img, `page/${id}`))).toHaveLength(2 * QUALITIES.length);
        // The pages' thumbnail sheet (drawn from the imported pages) is served and stored, as the pages are.
        const sheet = `/img/thumbs/${id}/0.webp`;
        expect((await get(sheet)).statusCode).toBe(200);
        expect(filesUnder(path.join(img, `thumbs/${id}`))).toHaveLength(1);
        await c.db
          .updateTable('staff_sessions')
          .set({ reauth_until: c.clock.nowSec() + 300 })
          .execute();
        const down = await api(c.app, 'POST', `/releases/${id}/take-down`, { cookie, body: { version: await version() } });
        expect(down.json.state).toBe('down');
        expect((await get(`/img/page/${id}/0/high.webp`)).statusCode).toBe(404);
        // The origin's copies are gone (the board keeps its own), and so is the thumbnail.
        expect(filesUnder(path.join(img, `page/${id}`))).toEqual([]);
        expect(filesUnder(path.join(img, `chapter/${id}`))).toEqual([]);
        expect(filesUnder(path.join(img, `thumbs/${id}`))).toEqual([]);
        expect((await get(thumb)).statusCode).toBe(404);
        expect((await get(sheet)).statusCode).toBe(404);
        const every = [0, 1].flatMap((idx) => QUALITIES.map((q) => `/img/page/${id}/${idx}/${q}.webp`));
        expect(cdn.purged.sort()).toEqual(withCdn ? [...every, sheet, thumb].sort() : []);

        const back = await api(c.app, 'POST', `/releases/${id}/restore`, { cookie, body: { version: down.json.version } });
        expect(back.json.state).toBe('live');
        for (const u of [...every, sheet]) expect((await get(u)).statusCode, u).toBe(200);
        expect((await get(await thumbnail())).statusCode).toBe(200);
      });
    });
  }
});
