import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, newToken } from './helpers.js';
import { T } from './fixtureIds.js';
import { api, memberWithSession, sessionFor, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { filesUnder, page, upload } from './consoleCatalogHelpers.js';

const NAME = 'Hidden Draft Omega';

/** Drafts are invisible to readers by every way in; releases, take-downs and previews. */
describe.each(BACKENDS)('console releases on %s', (backend) => {
  let c: ConsoleApp;
  let cookie: string;
  let memberId: number;
  let id = 0;
  beforeAll(async () => {
    c = await setupConsole(backend, 'catrel');
    const m = await memberWithSession(c.db, ['editor'], c.clock.nowSec());
    cookie = m.cookie;
    memberId = m.id;
    const ch = await api(c.app, 'POST', '/chapters', { cookie, body: { titleId: T.bladeEn, name: NAME, subTitle: 'Secret' } });
    id = ch.json.id as number;
    const ups = [
      await upload(c.app, cookie, id, '1.png', await page(600, 850, 30)),
      await upload(c.app, cookie, id, '2.png', await page(600, 850, 90)),
    ];
    await api(c.app, 'POST', `/chapters/${id}/process`, { cookie, body: { uploads: ups, version: 0 } });
    await c.app.catalog.jobs.idle();
  });
  afterAll(() => c?.close());

  const version = async () => (await api(c.app, 'GET', `/chapters/${id}`, { cookie })).json.version as number;
  const chapter = async () => (await api(c.app, 'GET', `/chapters/${id}`, { cookie })).json;

  /**
   * What a visitor sees once every node has heard of the change: on
   * PostgreSQL the notice that drops the caches arrives through
   * LISTEN/NOTIFY, a moment after the write (bounded: 2 s).
   */
  async function visitorSeesOnce(ok: (s: Awaited<ReturnType<typeof visitorSees>>) => boolean) {
    let s = await visitorSees();
    for (let i = 0; i < 100 && !ok(s); i++) {
      await new Promise((r) => setTimeout(r, 20));
      s = await visitorSees();
    }
    return s;
  }

  /** What a visitor (or a third-party client) can reach: lists, the title, the viewer, comments, images. */
  async function visitorSees(): Promise<{ listed: string[]; viewer: boolean; pages: number[]; thumb: number }> {
    const token = newToken();
    const urls = [
      `/api/title_detailV3?title_id=${T.bladeEn}&format=json`,
      '/api/title_list/updated?format=json',
      '/api/title_list/allV2?format=json',
      '/api/web/web_homeV4?lang=eng&clang=eng&format=json',
      `/api/manga_viewer?chapter_id=${id}&split=yes&img_quality=low&format=json`,
      `/api/manga_viewer_v3?chapter_id=${id}&img_quality=low&free_reading=yes&format=json`,
      `/api/comment?chapter_id=${id}&format=json`,
    ];
    const listed: string[] = [];
    for (const u of urls) {
      const r = await c.app.inject({ method: 'GET', url: u, headers: { 'session-token': token } });
      if (r.body.includes(NAME) || r.body.includes(`"chapterId":${id}`)) listed.push(u.split('?')[0]);
    }
    const v = await call(c.app, { url: `/api/manga_viewer?chapter_id=${id}&split=yes&img_quality=low`, token });
    const pages = [];
    for (const q of ['low', 'high', 'super_high'])
      pages.push((await c.app.inject({ method: 'GET', url: `/img/page/${id}/0/${q}.webp` })).statusCode);
    for (const u of [`/img/page/d${id}/0/high.webp`]) pages.push((await c.app.inject({ method: 'GET', url: u })).statusCode);
    const thumb = (await c.app.inject({ method: 'GET', url: `/img/chapter/${id}/thumb.webp` })).statusCode;
    return { listed, viewer: v.res.result.case === 'success', pages, thumb };
  }

  it('a draft is nowhere for visitors: lists, title, viewer, comments, page and thumbnail URLs, guessed ids', async () => {
    const seen = await visitorSees();
    expect(seen.listed).toEqual([]);
    expect(seen.viewer).toBe(false);
    expect(seen.pages.every((s) => s === 404 || s === 403)).toBe(true);
    expect(seen.thumb).toBe(404);
  });

  it('a staff preview link opens the draft until it expires; readers cannot use it', async () => {
    const link = await api(c.app, 'POST', `/preview/${id}`, { cookie });
    const token = link.json.token as string;
    // The link opens the reader's own viewer, which reads the draft through it (and only through it).
    expect(link.json.url).toBe(`/viewer/${id}?preview=${token}`);
    type Viewer = { success?: { mangaViewer: { chapterName: string; pages: { mangaPage?: { imageUrl: string } }[] } } };
    const viewer = async (query: string) =>
      (await c.app.inject({ method: 'GET', url: `/api/manga_viewer?chapter_id=${id}&format=json${query}` })).json<Viewer>();
    const drafted = (await viewer(`&preview=${token}`)).success?.mangaViewer;
    expect(drafted?.chapterName).toBe(NAME);
    expect(drafted?.pages.filter((p) => p.mangaPage)).toHaveLength(2);
    expect(drafted?.pages[0].mangaPage?.imageUrl).toMatch(new RegExp(`/console/api/preview/${token}/page/0/high\\.webp$`));
    expect((await viewer('&preview=not-the-token')).success).toBeUndefined();
    expect((await viewer('')).success).toBeUndefined();
    const pv = await api(c.app, 'GET', `/preview/${token}`, { cookie });
    expect(pv.status).toBe(200);
    expect(pv.json).toMatchObject({ chapter: { id, name: NAME } });
    const pages = pv.json.pages as { urls: Record<string, string>; encryptionKey: string }[];
    expect(pages).toHaveLength(2);
    const img = await c.app.inject({ method: 'GET', url: pages[0].urls.high, headers: { cookie: `console_session=${cookie}` } });
    expect(img.statusCode).toBe(200);
    // Without a staff session the same URL is refused.
    expect((await c.app.inject({ method: 'GET', url: pages[0].urls.high })).statusCode).toBe(401);
    c.clock.advance(16 * 60_000);
    const fresh = await sessionFor(c.db, memberId, c.clock.nowSec());
    cookie = fresh;
    expect((await api(c.app, 'GET', `/preview/${token}`, { cookie })).status).toBe(404);
    expect((await viewer(`&preview=${token}`)).success).toBeUndefined();
  });

  it('scheduled: listed as upcoming only, moved, taken back (rows and copies gone), then released at its time and notified once', async () => {
    const t0 = c.clock.nowSec();
    const s = await api(c.app, 'PUT', `/releases/${id}`, { cookie, body: { startAt: t0 + 60, endAt: 0, version: await version() } });
    expect(s.json).toMatchObject({ state: 'scheduled', startAt: t0 + 60 });
    expect((await visitorSees()).viewer).toBe(false);
    const moved = await api(c.app, 'PUT', `/releases/${id}`, {
      cookie,
      body: { startAt: t0 + 120, endAt: t0 + 7200, version: s.json.version },
    });
    expect(moved.json).toMatchObject({ state: 'scheduled', startAt: t0 + 120, endAt: t0 + 7200 });
    const back = await api(c.app, 'DELETE', `/releases/${id}?version=${moved.json.version as number}`, { cookie });
    expect(back.json).toMatchObject({ state: 'draft' });
    expect(await c.db.selectFrom('chapters').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await c.db.selectFrom('pages').select('idx').where('chapter_id', '=', id).execute()).toEqual([]);
    expect(filesUnder(path.join(c.app.config.dataDir, 'img', `page/${id}`))).toEqual([]);
    const seen = await visitorSeesOnce((v) => v.listed.length === 0);
    expect(seen.listed).toEqual([]);

    // A subscriber of the title, then the release one minute ahead.
    const visitor = newToken();
    await c.db.insertInto('bookmarks').values({ visitor_token: visitor, title_id: T.bladeEn, created_at: t0 }).execute();
    await c.db.insertInto('push_tokens').values({ visitor_token: visitor, token: 'opaque-token', lang: 'eng', updated_at: t0 }).execute();
    const again = await api(c.app, 'PUT', `/releases/${id}`, { cookie, body: { startAt: t0 + 60, endAt: 0, version: back.json.version } });
    expect(again.json.state).toBe('scheduled');
    c.clock.advance(61_000);
    // The node's release timer (its time has come: a sweep sets it to fire at once).
    await c.app.catalog.releases.refresh();
    let notified = 0;
    for (let i = 0; i < 100 && !notified; i++) {
      await new Promise((r) => setTimeout(r, 20));
      notified = (await c.db.selectFrom('chapters').select('notified_at').where('id', '=', id).executeTakeFirstOrThrow()).notified_at;
    }
    expect(notified).toBeGreaterThan(0);
    expect(await c.app.push.notifyChapter(id)).toBeNull();
    expect((await chapter()).state).toBe('live');
    const live = await visitorSeesOnce((v) => v.viewer && v.listed.includes('/api/title_detailV3'));
    expect(live.viewer).toBe(true);
    expect(live.pages.slice(0, 3)).toEqual([200, 200, 200]);
    const thumbUrl = (await c.db.selectFrom('chapters').select('thumbnail_url').where('id', '=', id).executeTakeFirstOrThrow())
      .thumbnail_url;
    expect(thumbUrl).toMatch(new RegExp(`^/img/chapter/${id}/thumb_[0-9a-f]{16}\\.webp$`));
    expect((await c.app.inject({ method: 'GET', url: thumbUrl })).statusCode).toBe(200);
    expect(live.listed).toContain('/api/title_detailV3');
    // Once out, it cannot be taken back, only down.
    expect((await api(c.app, 'DELETE', `/releases/${id}?version=${await version()}`, { cookie })).json.code).toBe('wrong-state');
  });

  it('taking down asks for the password again, hides it, is audited; a restore brings it back without a second notification', async () => {
    await c.db.updateTable('staff_sessions').set({ reauth_until: 0 }).execute();
    const refused = await api(c.app, 'POST', `/releases/${id}/take-down`, { cookie, body: { version: await version() } });
    expect(refused.json.code).toBe('reauth-required');
    await c.db
      .updateTable('staff_sessions')
      .set({ reauth_until: c.clock.nowSec() + 300 })
      .execute();
    await c.db.updateTable('chapters').set({ view_count: 77 }).where('id', '=', id).execute();
    const down = await api(c.app, 'POST', `/releases/${id}/take-down`, { cookie, body: { version: await version() } });
    expect(down.json.state).toBe('down');
    const seen = await visitorSeesOnce((v) => !v.viewer && v.listed.length === 0);
    expect(seen.viewer).toBe(false);
    expect(seen.listed).toEqual([]);
    const restored = await api(c.app, 'POST', `/releases/${id}/restore`, { cookie, body: { version: down.json.version } });
    expect(restored.json.state).toBe('live');
    const row = await c.db.selectFrom('chapters').select(['view_count', 'notified_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.view_count).toBe(77);
    expect(row.notified_at).toBeGreaterThan(0);
    expect((await visitorSeesOnce((v) => v.viewer)).viewer).toBe(true);
    const actions = (await c.db.selectFrom('audit_log').select('action').where('target', '=', `chapter:${id}`).execute()).map(
      (r) => r.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['release.schedule', 'release.cancel', 'release.take-down', 'release.restore', 'chapter.preview']),
    );
  });

  it('a chapter without pages cannot be released', async () => {
    const empty = await api(c.app, 'POST', '/chapters', { cookie, body: { titleId: T.bladeEn, name: 'Empty One', subTitle: '' } });
    const r = await api(c.app, 'POST', `/releases/${empty.json.id as number}/now`, { cookie, body: { version: 0 } });
    expect(r.json.code).toBe('no-pages');
    expect(
      await c.db
        .selectFrom('chapters')
        .select('id')
        .where('id', '=', empty.json.id as number)
        .execute(),
    ).toEqual([]);
  });
});
