import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, success } from './helpers.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { T } from './fixtureIds.js';

/** Banners editors make are what readers get, in their language and period; bad input is refused and nothing is stored. */
describe.each(BACKENDS)('console banners on %s', (backend) => {
  let c: ConsoleApp;
  let editor: string;
  beforeAll(async () => {
    c = await setupConsole(backend, 'home_banners');
    editor = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
  });
  afterAll(() => c?.close());

  const homeBanners = async (lang: string) => {
    const a = await call(c.app, { method: 'GET', url: `/api/web/web_homeV4?lang=${lang}` });
    const v = success(a).data;
    if (v.case !== 'webHomeViewV4') throw new Error(v.case);
    return v.value.topBanners.map((b) => b.id);
  };
  const newBanner = (over: Record<string, unknown> = {}) => ({
    placement: 'home_top',
    titleId: 0,
    publisherId: 0,
    languages: ['fr'],
    action: { method: 'push', url: `mangaplus://open/detail?id=${T.bladeEn}` },
    isPr: false,
    startAt: c.clock.nowSec() + 60,
    endAt: null,
    status: 'published',
    ...over,
  });

  it('a French carousel banner starting in a minute reaches the French home then, and no other language', async () => {
    const before = await homeBanners('fra');
    const made = await api(c.app, 'POST', '/banners', { cookie: editor, body: newBanner() });
    expect(made.status, made.text).toBe(201);
    const id = made.json.id as number;
    expect(made.json.phase).toBe('scheduled');
    expect(await homeBanners('fra')).toEqual(before);
    c.clock.advance(60_000);
    expect(await homeBanners('fra')).toContain(id);
    expect(await homeBanners('eng')).not.toContain(id);
    const audit = await c.db.selectFrom('audit_log').select(['action', 'target']).where('target', '=', `banner:${id}`).execute();
    expect(audit.map((r) => r.action)).toEqual(['banner.create']);
  });

  it('refuses an unknown scheme, an end before the start, and a title not released; stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await c.db
            .selectFrom('banners')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    const n = await count();
    for (const [body, path] of [
      [newBanner({ action: { method: 'external', url: 'javascript:alert(1)' } }), '/action/url'],
      [newBanner({ action: { method: 'external', url: 'ftp://example.com/x' } }), '/action/url'],
      [newBanner({ action: { method: 'push', url: 'mangaplus://open/settings' } }), '/action/url'],
      [newBanner({ action: { method: 'modal', url: 'mangaplus://open/webview?url=javascript%3Aalert(1)' } }), '/action/url'],
      [newBanner({ endAt: c.clock.nowSec() }), '/endAt'],
      [newBanner({ action: { method: 'push', url: `mangaplus://open/viewer?id=999999` } }), '/action/url'],
    ] as const) {
      const a = await api(c.app, 'POST', '/banners', { cookie: editor, body });
      expect([a.status, a.json.code], a.text).toEqual([400, 'validation']);
      expect((a.json.errors as { path: string }[])[0]?.path).toBe(path);
    }
    expect(await count()).toBe(n);
  });

  it('a banner to a chapter not out yet is refused unless it starts when the chapter is out', async () => {
    const later = await c.db
      .selectFrom('chapters')
      .select(['id', 'start_ts'])
      .where('start_ts', '>', c.clock.nowSec())
      .executeTakeFirstOrThrow();
    const action = { method: 'push', url: `mangaplus://open/viewer?id=${later.id}` };
    const early = await api(c.app, 'POST', '/banners', {
      cookie: editor,
      body: newBanner({ action, startAt: Number(later.start_ts) - 1 }),
    });
    expect([early.status, early.json.code], early.text).toEqual([400, 'validation']);
    const withIt = await api(c.app, 'POST', '/banners', { cookie: editor, body: newBanner({ action, startAt: Number(later.start_ts) }) });
    expect(withIt.status, withIt.text).toBe(201);
    await api(c.app, 'DELETE', `/banners/${withIt.json.id as number}?version=${withIt.json.version as number}`, { cookie: editor });
  });

  it('edits with the version it read (stale: 409), reorders, deletes', async () => {
    const made = (await api(c.app, 'POST', '/banners', { cookie: editor, body: newBanner({ startAt: 0, languages: [] }) })).json;
    const id = made.id as number;
    const ok = await api(c.app, 'PATCH', `/banners/${id}`, { cookie: editor, body: { status: 'draft', version: made.version } });
    expect([ok.status, ok.json.phase]).toEqual([200, 'draft']);
    expect(await homeBanners('eng')).not.toContain(id);
    const stale = await api(c.app, 'PATCH', `/banners/${id}`, { cookie: editor, body: { status: 'published', version: made.version } });
    expect(stale.json.code).toBe('conflict');
    const list = (await api(c.app, 'GET', '/banners?placement=home_top', { cookie: editor })).json.banners as { id: number }[];
    const ids = list.map((b) => b.id).reverse();
    const ordered = await api(c.app, 'PUT', '/banners/order', { cookie: editor, body: { placement: 'home_top', ids } });
    expect((ordered.json.banners as { id: number }[]).map((b) => b.id)).toEqual(ids);
    const partial = await api(c.app, 'PUT', '/banners/order', { cookie: editor, body: { placement: 'home_top', ids: ids.slice(1) } });
    expect(partial.status).toBe(400);
    const del = await api(c.app, 'DELETE', `/banners/${id}?version=${ok.json.version as number}`, { cookie: editor });
    expect(del.status).toBe(204);
  });

  it('takes an image per language (converted to WebP) and refuses a file that is not an image', async () => {
    const made = (await api(c.app, 'POST', '/banners', { cookie: editor, body: newBanner({ startAt: 0, languages: ['en', 'es'] }) })).json;
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const put = (body: Buffer, type: string) =>
      c.app.inject({
        method: 'PUT',
        url: `/console/api/banners/${made.id as number}/image?language=es`,
        headers: { 'x-console-request': '1', origin: 'http://localhost', cookie: `console_session=${editor}`, 'content-type': type },
        payload: body,
      });
    const bad = await put(Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect([bad.statusCode, bad.json<{ code: string }>().code]).toEqual([400, 'validation']);
    const ok = await put(png, 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    const url = ok.json<{ images: Record<string, string> }>().images.es;
    expect(url).toMatch(/^\/img\/art\/\d+\/[0-9a-f]+\.webp$/);
    const img = await c.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect((await sharp(img.rawPayload).metadata()).format).toBe('webp');
    const a = success(await call(c.app, { method: 'GET', url: '/api/web/web_homeV4?lang=esp' })).data;
    if (a.case !== 'webHomeViewV4') throw new Error(a.case);
    expect(a.value.topBanners.find((b) => b.id === made.id)?.imageUrl).toContain(url);
  });
});
