import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';

const SERIES = {
  slug: 'night-harbour',
  publisherId: 1,
  label: 9,
  status: 'ongoing',
  releaseSchedule: 2,
  updateTiming: 1,
  rating: 1,
  simulrelease: true,
  rightToLeft: true,
  viewerMode: 'any',
  tags: ['Action', 'Sea'],
};
const TITLE = {
  language: 'en',
  name: 'Night Harbour',
  author: 'A. Writer',
  overview: 'Ships.',
  viewingPeriod: '',
  nonAppearance: '',
  isNew: true,
};

/** Series and titles written from the console, versions, languages, images. */
describe.each(BACKENDS)('console series and titles on %s', (backend) => {
  let c: ConsoleApp;
  let editor: { cookie: string };
  let localizer: { cookie: string };
  beforeAll(async () => {
    c = await setupConsole(backend, 'catseries');
    const now = c.clock.nowSec();
    editor = await memberWithSession(c.db, ['editor'], now);
    localizer = await memberWithSession(c.db, ['localizer'], now, ['es']);
  });
  afterAll(() => c?.close());

  it('an editor makes a series and its titles; a stale write gets the series as it is now; all is audited', async () => {
    const made = await api(c.app, 'POST', '/series', { cookie: editor.cookie, body: SERIES });
    expect(made.status).toBe(201);
    const id = made.json.id as number;
    expect(made.json).toMatchObject({ slug: 'night-harbour', tags: ['Action', 'Sea'], rightToLeft: true, version: 0, titles: [] });
    expect((await api(c.app, 'POST', '/series', { cookie: editor.cookie, body: SERIES })).json.code).toBe('duplicate-name');
    const en = await api(c.app, 'POST', `/series/${id}/titles`, { cookie: editor.cookie, body: TITLE });
    expect(en.status).toBe(201);
    expect((await api(c.app, 'POST', `/series/${id}/titles`, { cookie: editor.cookie, body: TITLE })).json.code).toBe('duplicate-name');
    const es = await api(c.app, 'POST', `/series/${id}/titles`, {
      cookie: editor.cookie,
      body: { ...TITLE, language: 'es', name: 'Puerto' },
    });
    expect((await api(c.app, 'POST', `/series/${id}/titles`, { cookie: editor.cookie, body: { ...TITLE, language: 'xx' } })).status).toBe(
      400,
    );

    const p1 = await api(c.app, 'PATCH', `/series/${id}`, { cookie: editor.cookie, body: { rating: 2, tags: ['Sea'], version: 0 } });
    expect(p1.json).toMatchObject({ rating: 2, tags: ['Sea'], version: 1 });
    const stale = await api(c.app, 'PATCH', `/series/${id}`, { cookie: editor.cookie, body: { rating: 3, version: 0 } });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('conflict');
    expect(stale.json.current).toMatchObject({ rating: 2, version: 1 });
    const got = await api(c.app, 'GET', `/series/${id}`, { cookie: localizer.cookie });
    expect((got.json.titles as { language: string }[]).map((t) => t.language).sort()).toEqual(['en', 'es']);
    expect((await api(c.app, 'PATCH', `/series/${id}`, { cookie: localizer.cookie, body: { rating: 0, version: 1 } })).status).toBe(403);

    // A localizer edits the texts of their language only.
    const esId = es.json.id as number;
    const enId = en.json.id as number;
    const mine = await api(c.app, 'PATCH', `/catalog/titles/${esId}`, {
      cookie: localizer.cookie,
      body: { overview: 'Barcos.', nonAppearance: 'Pausa', version: 0 },
    });
    expect(mine.json).toMatchObject({ overview: 'Barcos.', nonAppearance: 'Pausa', version: 1 });
    expect(
      (await api(c.app, 'PATCH', `/catalog/titles/${enId}`, { cookie: localizer.cookie, body: { overview: 'x', version: 0 } })).status,
    ).toBe(403);
    const staleTitle = await api(c.app, 'PATCH', `/catalog/titles/${esId}`, { cookie: editor.cookie, body: { name: 'Otro', version: 0 } });
    expect(staleTitle.json).toMatchObject({ code: 'conflict', current: { overview: 'Barcos.' } });
    const actions = (await c.db.selectFrom('audit_log').select('action').execute()).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['series.create', 'series.update', 'title.create', 'title.update']));
  });

  it('a localizer changes only texts: a new isNew is refused naming the field, an unchanged one passes, an editor sets it', async () => {
    const made = await api(c.app, 'POST', '/series', { cookie: editor.cookie, body: { ...SERIES, slug: 'flags-only' } });
    const es = await api(c.app, 'POST', `/series/${made.json.id as number}/titles`, {
      cookie: editor.cookie,
      body: { ...TITLE, language: 'es', name: 'Banderas', isNew: false },
    });
    const id = es.json.id as number;
    const patch = (cookie: string, body: object) => api(c.app, 'PATCH', `/catalog/titles/${id}`, { cookie, body });
    const refused = await patch(localizer.cookie, { overview: 'Nuevo.', isNew: true, version: 0 });
    expect([refused.status, refused.headers['content-type']]).toEqual([403, 'application/problem+json; charset=utf-8']);
    expect(refused.json).toMatchObject({ code: 'field-forbidden', errors: [{ path: '/body/isNew' }] });
    expect(refused.json.detail).toMatch(/isNew/);
    // Nothing of it was written, the text neither.
    expect((await api(c.app, 'GET', `/catalog/titles/${id}`, { cookie: editor.cookie })).json).toMatchObject({
      overview: 'Ships.',
      isNew: false,
      version: 0,
    });
    // The whole form sent back with the flag as it is: the texts change.
    const ok = await patch(localizer.cookie, { overview: 'Nuevo.', isNew: false, version: 0 });
    expect(ok.json).toMatchObject({ overview: 'Nuevo.', isNew: false, version: 1 });
    expect((await patch(editor.cookie, { isNew: true, version: 1 })).json).toMatchObject({ isNew: true, version: 2 });
  });

  it('a title image is checked, converted, and gets a new URL when its bytes change; the reader is served it', async () => {
    const t = await c.db.selectFrom('titles').select(['id', 'version']).orderBy('id').executeTakeFirstOrThrow();
    const png = (r: number) =>
      sharp({ create: { width: 720, height: 1020, channels: 3, background: { r, g: 40, b: 90 } } })
        .png()
        .toBuffer();
    const post = async (body: Buffer, version: number, type = 'image/png') =>
      c.app.inject({
        method: 'POST',
        url: `/console/api/catalog/titles/${t.id}/images/portrait?version=${version}`,
        headers: { 'x-console-request': '1', origin: 'http://localhost', cookie: `console_session=${editor.cookie}`, 'content-type': type },
        payload: body,
      });
    const first = await post(await png(200), t.version);
    expect(first.statusCode).toBe(200);
    const url1 = first.json<{ images: { portrait: string } }>().images.portrait;
    expect(url1).toMatch(new RegExp(`^/img/title/${t.id}/portrait_[0-9a-f]{16}\\.webp$`));
    const img = await c.app.inject({ method: 'GET', url: url1 });
    expect(img.statusCode).toBe(200);
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 360, height: 510 });
    const second = await post(await png(10), t.version + 1);
    const url2 = second.json<{ images: { portrait: string } }>().images.portrait;
    expect(url2).not.toBe(url1);
    // Bad input: a clear code, and the title unchanged.
    expect((await post(Buffer.from('not an image at all'), t.version + 2)).json()).toMatchObject({ code: 'not-an-image' });
    expect((await post(Buffer.alloc(0), t.version + 2)).json()).toMatchObject({ code: 'empty-file' });
    const cmyk = await sharp({ create: { width: 40, height: 40, channels: 3, background: 'red' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    expect((await post(cmyk, t.version + 2, 'image/jpeg')).json()).toMatchObject({ code: 'cmyk-image' });
    const frame = (colour: string) =>
      sharp({ create: { width: 40, height: 80, channels: 4, background: colour } })
        .png()
        .toBuffer();
    const anim = await sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await post(anim, t.version + 2, 'image/gif')).json()).toMatchObject({ code: 'animated-image' });
    const big = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: 'red' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await post(big, t.version + 2)).json()).toMatchObject({ code: 'image-too-large' });
    expect((await post(await png(1), t.version)).json()).toMatchObject({ code: 'conflict' });
    const now = await c.db.selectFrom('titles').select(['portrait_image_url', 'version']).where('id', '=', t.id).executeTakeFirstOrThrow();
    expect(now).toEqual({ portrait_image_url: url2, version: t.version + 2 });
  });
});
