import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignVariant } from '../../core/console/coverTests.js';
import type { Role } from '../../core/console/roles.js';
import { BACKENDS, call, success } from './helpers.js';
import { T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';

/**
 * Banner tests (issue 48, migration 0025): a home banner's image against
 * others, each visitor shown one in the home (web and the phone app's
 * protobuf answer), counted per variant (impressions, taps, readers of the
 * banner's title, their reading time), ended by the editor's pick or by the
 * period's end (tap share for a banner with no title), the winner put on
 * the banner, audited. Also the reading time a position report carries.
 */
const png = (r: number) =>
  sharp({ create: { width: 1200, height: 400, channels: 3, background: { r, g: 90, b: 40 } } })
    .png()
    .toBuffer();
const APP = 'os=android&os_ver=34&app_ver=97&secret=0123456789abcdef0123456789abcdef';

/** Two visitor tokens shown different variants of a test of n variants. */
function twoVisitors(testId: number, n: number): [string, string] {
  const token = (i: number) => (0x2000 + i).toString(16).padStart(32, 'b');
  const first = token(1);
  for (let i = 2; ; i++) if (assignVariant(token(i), testId, n) !== assignVariant(first, testId, n)) return [first, token(i)];
}

const path = (u: string) => new URL(u, 'http://x').pathname;

describe.each(BACKENDS)('banner tests on %s', (backend) => {
  let c: ConsoleApp;
  let cookie: string;
  beforeAll(async () => {
    c = await setupConsole(backend, 'bannertests');
    cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
    // Banner 1 (home, every language) opens the blade title; banner 2 (the Spanish home) opens a web page: no title.
    await c.db
      .updateTable('banners')
      .set({ action_url: `mangaplus://open/detail?id=${T.bladeEn}` })
      .where('id', '=', 1)
      .execute();
  });
  afterAll(() => c?.close());

  const get = async (id: number) => (await api(c.app, 'GET', `/cover-tests/${id}`, { cookie })).json;
  const addImage = (id: number, version: number, body: Buffer, who = cookie) =>
    c.app.inject({
      method: 'POST',
      url: `/console/api/cover-tests/${id}/images?version=${version}`,
      headers: { 'x-console-request': '1', origin: 'http://localhost', cookie: `console_session=${who}`, 'content-type': 'image/png' },
      payload: body,
    });
  /** The image of banner `id` in a visitor's web home and phone home (the same), in a language. */
  async function bannerImage(token: string, id: number, lang = 'eng'): Promise<string> {
    const web = success(await call(c.app, { url: `/api/web/web_homeV4?lang=${lang}`, token })).data;
    if (web.case !== 'webHomeViewV4') throw new Error(web.case);
    const phone = success(await call(c.app, { url: `/api/home_v4?lang=${lang}&clang=${lang}&${APP}`, token })).data;
    if (phone.case !== 'homeViewV3') throw new Error(phone.case);
    const [w, p] = [web.value.topBanners.find((b) => b.id === id), phone.value.topBanners.find((b) => b.id === id)];
    expect(path(p!.imageUrl)).toBe(path(w!.imageUrl));
    return path(w!.imageUrl);
  }
  const tap = (token: string, id: number) => call(c.app, { method: 'POST', url: `/api/banner_tap_log?banner_id=${id}`, token });
  const report = (token: string, chapter: number, readS: number, at: number) =>
    call(c.app, {
      method: 'POST',
      url: `/api/history/position?chapter_id=${chapter}&item=0&page=1&page_count=4&at=${at}&read_s=${readS}`,
      token,
    });

  async function drafted(bannerId: number, shades: number[]) {
    const made = await api(c.app, 'POST', '/cover-tests', { cookie, body: { slot: 'banner', bannerId } });
    expect(made.status, made.text).toBe(201);
    let t = made.json as { id: number; version: number; images: string[] };
    for (const shade of shades) {
      const added = await addImage(t.id, t.version, await png(shade));
      expect(added.statusCode, added.body).toBe(200);
      t = added.json();
    }
    return t;
  }

  it('each role: editors make and change banner tests, analysts read them, others neither', async () => {
    const t = await drafted(1, []);
    const roles: Role[] = ['owner', 'editor', 'localizer', 'moderator', 'analyst'];
    for (const role of roles) {
      const who = (await memberWithSession(c.db, [role], c.clock.nowSec())).cookie;
      const writes = role === 'owner' || role === 'editor';
      const reads = writes || role === 'analyst';
      expect((await api(c.app, 'GET', `/cover-tests/${t.id}`, { cookie: who })).status, role).toBe(reads ? 200 : 403);
      expect((await api(c.app, 'GET', '/cover-tests', { cookie: who })).status, role).toBe(reads ? 200 : 403);
      // A write the role may not make is refused before its body is looked at (a second banner test of banner 1 would be wrong-state).
      const made = await api(c.app, 'POST', '/cover-tests', { cookie: who, body: { slot: 'banner', bannerId: 1 } });
      expect([made.status, made.json.code], role).toEqual(writes ? [409, 'wrong-state'] : [403, 'forbidden']);
      const added = await addImage(t.id, 999, await png(10), who);
      expect(added.statusCode, role).toBe(writes ? 409 : 403);
    }
    expect((await api(c.app, 'GET', `/cover-tests/${t.id}`)).status).toBe(401);
    const gone = await api(c.app, 'POST', `/cover-tests/${t.id}/discard`, { cookie, body: { version: t.version } });
    expect(gone.json.state).toBe('ended');
  });

  it('refuses what cannot be tested: no banner named, no such banner, a banner off the home, a 4th image, not an image', async () => {
    const bad = async (body: unknown) => {
      const r = await api(c.app, 'POST', '/cover-tests', { cookie, body });
      expect(r.headers['content-type']).toMatch(/^application\/problem\+json/);
      return [r.status, r.json.code];
    };
    expect(await bad({ slot: 'banner' })).toEqual([400, 'validation']);
    expect(await bad({ slot: 'banner', bannerId: 9999 })).toEqual([404, 'not-found']);
    expect(await bad({ slot: 'banner', bannerId: 10 })).toEqual([400, 'validation']);
    expect(await bad({ slot: 'portrait' })).toEqual([400, 'validation']);
    const t = await drafted(1, [20, 40]);
    expect(t.images).toHaveLength(3);
    const fourth = await addImage(t.id, t.version, await png(60));
    expect([fourth.statusCode, fourth.json<{ code: string }>().code]).toEqual([409, 'wrong-state']);
    expect(fourth.headers['content-type']).toMatch(/^application\/problem\+json/);
    const notImage = await addImage(t.id, t.version, Buffer.from('not an image'));
    expect(notImage.statusCode).toBe(409);
    await api(c.app, 'POST', `/cover-tests/${t.id}/discard`, { cookie, body: { version: t.version } });
    const lone = await drafted(1, []);
    const broken = await addImage(lone.id, lone.version, Buffer.from('not an image'));
    expect([broken.statusCode, broken.json<{ code: string }>().code]).toEqual([400, 'validation']);
    await api(c.app, 'POST', `/cover-tests/${lone.id}/discard`, { cookie, body: { version: lone.version } });
  });

  it("splits the home's visitors, counts each variant's impressions, taps, readers and reading time, and the pick goes on the banner", async () => {
    const t = await drafted(1, [200]);
    expect(t.images[0]).toBe('/img/b/1.webp');
    expect(t.images[1]).toMatch(/^\/img\/art\/1\/[0-9a-f]{24}\.webp$/);
    const started = await api(c.app, 'PUT', `/cover-tests/${t.id}/start`, { cookie, body: { version: t.version, days: 7 } });
    expect(started.json).toMatchObject({ state: 'running', slot: 'banner', bannerId: 1, titleId: T.bladeEn, measure: 'reading' });
    const [a, b] = twoVisitors(t.id, 2);
    const [va, vb] = [assignVariant(a, t.id, 2), assignVariant(b, t.id, 2)];
    for (let i = 0; i < 2; i++) {
      expect(await bannerImage(a, 1)).toBe(t.images[va]);
      expect(await bannerImage(b, 1)).toBe(t.images[vb]);
    }
    success(await tap(a, 1));
    // a reads the banner's title for 95 s in two reports; b reads another title (no reader of this variant).
    success(await report(a, 1001, 60, 1000));
    success(await report(a, 1001, 35, 2000));
    expect(c.app.repos.views.claim(a, 1001)).toBe(true);
    c.app.repos.views.record(a, 1001, true);
    await c.app.repos.views.flush();
    success(await report(b, 4001, 30, 1000));
    // A report over the cap is refused (the protobuf error envelope).
    expect((await report(b, 4001, 7201, 3000)).status).toBe(400);
    await c.app.repos.stats.flush();

    const figures = await get(t.id);
    type V = { impressions: number; taps: number; visitors: number; readers: number; readingSecondsPerReader: number };
    const [fa, fb] = [(figures.variants as V[])[va], (figures.variants as V[])[vb]];
    // Two homes of each kind per visitor: four impressions.
    expect(fa).toMatchObject({ impressions: 4, taps: 1, visitors: 1, readers: 1, readingSecondsPerReader: 95 });
    expect(fb).toMatchObject({ impressions: 4, taps: 0, visitors: 1, readers: 0, readingSecondsPerReader: 0 });
    const perTitle = await c.db
      .selectFrom('stats_hourly')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .where('metric', '=', 'time.title')
      .where('key', '=', T.bladeEn)
      .executeTakeFirst();
    expect(Number(perTitle?.n)).toBe(95);

    const ended = await api(c.app, 'POST', `/cover-tests/${t.id}/end`, { cookie, body: { version: figures.version, winner: 1 } });
    expect(ended.json).toMatchObject({ state: 'ended', winner: 1, endedBy: 'editor' });
    const banner = await api(c.app, 'GET', '/banners/1', { cookie });
    expect(banner.json).toMatchObject({ image: t.images[1], images: {} });
    for (const token of [a, b]) expect(await bannerImage(token, 1)).toBe(t.images[1]);
    const log = await c.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', 'in', [`cover-test:${t.id}`, 'banner:1'])
      .execute();
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining(['cover-test.create', 'cover-test.image', 'cover-test.start', 'cover-test.end', 'banner.image']),
    );
    const list = await api(c.app, 'GET', '/cover-tests', { cookie });
    expect(list.json.tests).toEqual(expect.arrayContaining([expect.objectContaining({ id: t.id, slot: 'banner', bannerId: 1 })]));
  });

  it('a banner with no title is measured by tap share: the period end picks the variant tapped most', async () => {
    const t = await drafted(2, [90]);
    const started = await api(c.app, 'PUT', `/cover-tests/${t.id}/start`, { cookie, body: { version: t.version, days: 1 } });
    expect(started.json).toMatchObject({ titleId: 0, measure: 'taps' });
    const [a, b] = twoVisitors(t.id, 2);
    const vb = assignVariant(b, t.id, 2);
    expect(await bannerImage(a, 2, 'esp')).toBe(t.images[assignVariant(a, t.id, 2)]);
    expect(await bannerImage(b, 2, 'esp')).toBe(t.images[vb]);
    success(await tap(b, 2));
    await c.app.repos.stats.flush();
    expect(((await get(t.id)).variants as { tapShare: number }[])[vb].tapShare).toBe(1);
    c.clock.advance(86400 * 1000 + 1000);
    cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
    await c.app.catalog.coverTests.refresh();
    await new Promise((r) => setTimeout(r, 10));
    await c.app.catalog.coverTests.idle();
    expect(await get(t.id)).toMatchObject({ state: 'ended', winner: vb, endedBy: 'period' });
    const banner = (await api(c.app, 'GET', '/banners/2', { cookie })).json;
    expect(banner.image).toBe(t.images[vb]);
  });
});
