import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call } from './helpers.js';
import { S, T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

/** Publishers made and edited in the console: roles, versions, audit, images; a title page shows its own series' publisher only. */
describe.each(BACKENDS)('console publishers on %s', (backend) => {
  let c: ConsoleApp;
  let editor: { cookie: string };
  let id: number;
  const detail = async (titleId: number) => {
    c.app.services.clear();
    const a = await call(c.app, { url: `/api/title_detailV3?title_id=${titleId}` });
    return a.res.result.case === 'success' && a.res.result.value.data.case === 'titleDetailView'
      ? a.res.result.value.data.value
      : undefined;
  };
  const image = (pid: number, kind: string, version: number, body: Buffer, cookie = editor.cookie, type = 'image/png') =>
    c.app.inject({
      method: 'POST',
      url: `/console/api/publishers/${pid}/images/${kind}?version=${version}`,
      headers: { 'x-console-request': '1', origin: 'http://localhost', cookie: `console_session=${cookie}`, 'content-type': type },
      payload: body,
    });
  beforeAll(async () => {
    c = await setupConsole(backend, 'publishers');
    editor = await memberWithSession(c.db, ['editor'], c.clock.nowSec());
  });
  afterAll(() => c?.close());

  it('an editor or the owner makes and renames publishers; others are refused; names are unique; stale writes conflict', async () => {
    for (const role of ['localizer', 'moderator', 'analyst'] as const) {
      const m = await memberWithSession(c.db, [role], c.clock.nowSec(), ['en']);
      const made = await api(c.app, 'POST', '/publishers', { cookie: m.cookie, body: { name: `By ${role}` } });
      expect([made.status, made.json.code, String(made.headers['content-type'])], role).toEqual([
        403,
        'forbidden',
        expect.stringContaining('application/problem+json'),
      ]);
      expect((await api(c.app, 'PATCH', '/publishers/1', { cookie: m.cookie, body: { name: 'x', version: 0 } })).status, role).toBe(403);
    }
    const localizer = await memberWithSession(c.db, ['localizer'], c.clock.nowSec(), ['en']);
    expect((await api(c.app, 'GET', '/publishers', { cookie: localizer.cookie })).status).toBe(200);
    const made = await api(c.app, 'POST', '/publishers', { cookie: editor.cookie, body: { name: '  Harbour Press ' } });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ name: 'Harbour Press', logo: '', seriesCount: 0, version: 0 });
    id = made.json.id as number;
    // Drawn from its name until one is uploaded.
    expect(made.json.banner).toBe(`/img/publisher/${id}/banner.webp`);
    expect((await c.app.inject({ method: 'GET', url: made.json.banner as string })).statusCode).toBe(200);
    expect((await api(c.app, 'POST', '/publishers', { cookie: editor.cookie, body: { name: 'Harbour Press' } })).json.code).toBe(
      'duplicate-name',
    );
    expect((await api(c.app, 'POST', '/publishers', { cookie: editor.cookie, body: { name: '   ' } })).json.code).toBe('validation');
    const owner = await memberWithSession(c.db, ['owner'], c.clock.nowSec());
    const renamed = await api(c.app, 'PATCH', `/publishers/${id}`, { cookie: owner.cookie, body: { name: 'Harbour Books', version: 0 } });
    expect(renamed.json).toMatchObject({ name: 'Harbour Books', version: 1 });
    const stale = await api(c.app, 'PATCH', `/publishers/${id}`, { cookie: editor.cookie, body: { name: 'Other', version: 0 } });
    expect([stale.status, stale.json.code, (stale.json.current as { name: string }).name]).toEqual([409, 'conflict', 'Harbour Books']);
    expect((await api(c.app, 'GET', '/publishers/9999', { cookie: editor.cookie })).json.code).toBe('not-found');
    const list = await api(c.app, 'GET', '/publishers', { cookie: editor.cookie });
    expect((list.json.publishers as { name: string; seriesCount: number }[]).map((p) => [p.name, p.seriesCount])).toEqual([
      ['Shueisha', 4],
      ['Harbour Books', 0],
    ]);
    const audit = await c.db.selectFrom('audit_log').select('action').where('action', 'like', 'publisher.%').orderBy('id').execute();
    expect(audit.map((r) => r.action)).toEqual(['publisher.create', 'publisher.update']);
  });

  it('a logo and a banner are checked, cropped and served; a non-image is refused', async () => {
    const logo = await image(id, 'logo', 1, await png(400, 200));
    expect(logo.statusCode, logo.body).toBe(200);
    const url = logo.json<{ logo: string }>().logo;
    expect(url).toMatch(new RegExp(`^/img/publisher/${id}/logo_[0-9a-f]{16}\\.webp$`));
    expect(await sharp((await c.app.inject({ method: 'GET', url })).rawPayload).metadata()).toMatchObject({ width: 256, height: 256 });
    const banner = await image(id, 'banner', 2, await png(2000, 500));
    expect(banner.statusCode, banner.body).toBe(200);
    expect(banner.json<{ banner: string }>().banner).toMatch(/banner_[0-9a-f]{16}\.webp$/);
    const bad = await image(id, 'banner', 3, Buffer.from('not an image'));
    expect([bad.statusCode, bad.json<{ code: string }>().code]).toEqual([400, 'not-an-image']);
    expect((await image(id, 'logo', 0, await png(10, 10))).statusCode).toBe(409);
    const moderator = await memberWithSession(c.db, ['moderator'], c.clock.nowSec());
    expect((await image(id, 'logo', 3, await png(10, 10), moderator.cookie)).statusCode).toBe(403);
  });

  it("a series moved to a publisher: its title pages show that publisher's banner and news only", async () => {
    const before = await detail(T.bladeEn);
    expect(before?.publisherBanner?.imageUrl).toContain('/img/pub/1.webp');
    const s = await api(c.app, 'GET', `/series/${S.blade}`, { cookie: editor.cookie });
    const moved = await api(c.app, 'PATCH', `/series/${S.blade}`, {
      cookie: editor.cookie,
      body: { publisherId: id, version: s.json.version },
    });
    expect(moved.json.publisherId).toBe(id);
    expect(
      (await api(c.app, 'PATCH', `/series/${S.blade}`, { cookie: editor.cookie, body: { publisherId: 999, version: 1 } })).json.code,
    ).toBe('validation');
    const news = {
      publisherId: id,
      language: 'en',
      subject: 'Harbour news',
      body: '<p>ok</p>',
      actionUrl: '',
      publishAt: 0,
      status: 'published',
    };
    expect((await api(c.app, 'POST', '/news', { cookie: editor.cookie, body: news })).status).toBe(201);
    const after = await detail(T.bladeEn);
    expect(after?.publisherBanner?.imageUrl).toMatch(new RegExp(`/img/publisher/${id}/banner_`));
    const items = after?.publisherItems.flatMap((p) => (p.publisherNews ? [p.publisherNews] : [])) ?? [];
    expect(items.map((n) => [n.subject, n.publisherName])).toEqual([['Harbour news', 'Harbour Books']]);
    // Another series keeps its own.
    expect((await detail(T.catsEn))?.publisherBanner?.imageUrl).toContain('/img/pub/1.webp');
  });
});
