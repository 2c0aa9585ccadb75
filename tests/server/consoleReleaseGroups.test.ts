import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers.js';
import { T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { addThaiTitle, BLADE_TH, draft, readerRow, threeEditions } from './releaseGroupsHelpers.js';

/**
 * One release in several languages: a group of drafts scheduled at one
 * time, moved and cancelled together; at its time the job releases it, or
 * holds it (a language without pages, `block`) or splits it (`split`).
 */
describe.each(BACKENDS)('release groups on %s', (backend) => {
  let c: ConsoleApp;
  let cookie: string;
  beforeAll(async () => {
    process.env.PUSH_CHECK_SECONDS = '0';
    c = await setupConsole(backend, 'relgroups');
    cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
    await addThaiTitle(c.db, c.clock.nowSec());
  });
  afterAll(async () => {
    await c?.close();
    delete process.env.PUSH_CHECK_SECONDS;
  });

  /** Moves the clock past `at` and lets this node's release job run. */
  async function reach(at: number) {
    c.clock.advance((at - c.clock.nowSec() + 1) * 1000);
    await c.app.catalog.groups.refresh();
    await new Promise((r) => setTimeout(r, 10));
    await c.app.catalog.groups.idle();
  }
  const chapterVersion = async (id: number) => (await api(c.app, 'GET', `/chapters/${id}`, { cookie })).json.version as number;
  const group = async (id: number) => (await api(c.app, 'GET', `/release-groups/${id}`, { cookie })).json;

  it('shows which languages lack pages; scheduled, moved and cancelled together; members stay drafts', async () => {
    const ids = await threeEditions(c.app, cookie, 'Cancelled One');
    const made = await api(c.app, 'POST', '/release-groups', {
      cookie,
      body: { name: 'Ch. 9', chapterIds: [ids.en, ids.es, ids.th], partial: 'block', zones: ['Asia/Bangkok', 'Asia/Tokyo'] },
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ state: 'draft', missing: ['th'], zones: ['Asia/Bangkok', 'Asia/Tokyo'] });
    const t0 = c.clock.nowSec();
    const s = await api(c.app, 'PUT', `/release-groups/${made.json.id as number}/schedule`, {
      cookie,
      body: { startAt: t0 + 600, endAt: 0, version: made.json.version },
    });
    expect(s.json).toMatchObject({ state: 'scheduled', startAt: t0 + 600 });
    // Its chapters go with it: their own release is refused, and readers have no row of them yet.
    const own = await api(c.app, 'PUT', `/releases/${ids.en}`, {
      cookie,
      body: { startAt: t0 + 60, endAt: 0, version: await chapterVersion(ids.en) },
    });
    expect([own.status, own.json.code]).toEqual([409, 'wrong-state']);
    expect(await readerRow(c.db, ids.en)).toBeUndefined();
    // A stale version is a conflict with the group as it is now.
    const stale = await api(c.app, 'PUT', `/release-groups/${made.json.id as number}/schedule`, {
      cookie,
      body: { startAt: t0 + 900, endAt: 0, version: made.json.version },
    });
    expect([stale.status, stale.json.code, String(stale.headers['content-type']).split(';')[0]]).toEqual([
      409,
      'conflict',
      'application/problem+json',
    ]);
    const moved = await api(c.app, 'PUT', `/release-groups/${made.json.id as number}/schedule`, {
      cookie,
      body: { startAt: t0 + 1200, endAt: t0 + 9000, version: s.json.version },
    });
    expect(moved.json).toMatchObject({ state: 'scheduled', startAt: t0 + 1200, endAt: t0 + 9000 });
    const gone = await api(c.app, 'POST', `/release-groups/${made.json.id as number}/cancel`, {
      cookie,
      body: { version: moved.json.version },
    });
    expect(gone.json.state).toBe('cancelled');
    await reach(t0 + 1200);
    expect(await readerRow(c.db, ids.en)).toBeUndefined();
    expect((await api(c.app, 'GET', `/chapters/${ids.en}`, { cookie })).json.state).toBe('draft');
    const actions = (
      await c.db
        .selectFrom('audit_log')
        .select('action')
        .where('target', '=', `release-group:${made.json.id as number}`)
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(['release-group.create', 'release-group.schedule', 'release-group.move', 'release-group.cancel']);
    // Cancelled, its chapters may join another release.
    const again = await api(c.app, 'POST', '/release-groups', {
      cookie,
      body: { name: 'Again', chapterIds: [ids.en], partial: 'block', zones: [] },
    });
    expect(again.status).toBe(201);
  });

  it('refuses bad members with a clear problem and makes nothing', async () => {
    const a = await draft(c.app, cookie, T.bladeEn, 'Twice A', 0);
    const b = await draft(c.app, cookie, T.bladeEn, 'Twice B', 0);
    const other = await draft(c.app, cookie, T.catsEn, 'Other Series', 0);
    const before = (await c.db.selectFrom('release_groups').select('id').execute()).length;
    for (const chapterIds of [[a, b], [a, other], [999_999]]) {
      const r = await api(c.app, 'POST', '/release-groups', { cookie, body: { name: 'Bad', chapterIds, partial: 'block', zones: [] } });
      expect([r.status, r.json.code], JSON.stringify(chapterIds)).toEqual([400, 'validation']);
    }
    const zone = await api(c.app, 'POST', '/release-groups', {
      cookie,
      body: { name: 'Z', chapterIds: [a], partial: 'block', zones: ['not a zone!'] },
    });
    expect(zone.status).toBe(400);
    expect((await c.db.selectFrom('release_groups').select('id').execute()).length).toBe(before);
  });

  it('block: at its time a language without pages holds the whole release; given pages and a new time, all go out', async () => {
    const ids = await threeEditions(c.app, cookie, 'Blocked One');
    const g = await api(c.app, 'POST', '/release-groups', {
      cookie,
      body: { name: 'Ch. 10', chapterIds: [ids.en, ids.es, ids.th], partial: 'block', zones: [] },
    });
    const t0 = c.clock.nowSec();
    const s = await api(c.app, 'PUT', `/release-groups/${g.json.id as number}/schedule`, {
      cookie,
      body: { startAt: t0 + 60, endAt: 0, version: g.json.version },
    });
    await reach(t0 + 60);
    const held = await group(g.json.id as number);
    expect(held).toMatchObject({ state: 'held', missing: ['th'] });
    for (const id of Object.values(ids)) expect(await readerRow(c.db, id)).toBeUndefined();
    // Releasing now while blocked is refused.
    const now = await api(c.app, 'POST', `/release-groups/${g.json.id as number}/now`, { cookie, body: { version: held.version } });
    expect([now.status, now.json.code]).toEqual([409, 'no-pages']);
    expect(s.json.version).toBeLessThan(held.version as number);
    // The Thai pages arrive; a new time; all three go out at once.
    const { upload, page } = await import('./consoleCatalogHelpers.js');
    const up = await upload(c.app, cookie, ids.th, 'th.png', await page(300, 420));
    await api(c.app, 'POST', `/chapters/${ids.th}/process`, { cookie, body: { uploads: [up], version: 0 } });
    await c.app.catalog.jobs.idle();
    expect((await group(g.json.id as number)).missing).toEqual([]);
    const t1 = c.clock.nowSec();
    await api(c.app, 'PUT', `/release-groups/${g.json.id as number}/schedule`, {
      cookie,
      body: { startAt: t1 + 60, endAt: 0, version: held.version },
    });
    await reach(t1 + 60);
    expect((await group(g.json.id as number)).state).toBe('released');
    const rows = await Promise.all(Object.values(ids).map((id) => readerRow(c.db, id)));
    expect(rows.map((r) => r?.start_ts)).toEqual([t1 + 60, t1 + 60, t1 + 60]);
    for (const id of Object.values(ids)) expect((await api(c.app, 'GET', `/chapters/${id}`, { cookie })).json.state).toBe('live');
  });

  it('split: the ready languages go at the time, the rest stay in a release of their own', async () => {
    const ids = await threeEditions(c.app, cookie, 'Split One');
    const g = await api(c.app, 'POST', '/release-groups', {
      cookie,
      body: { name: 'Ch. 11', chapterIds: [ids.en, ids.es, ids.th], partial: 'split', zones: [] },
    });
    const t0 = c.clock.nowSec();
    await api(c.app, 'PUT', `/release-groups/${g.json.id as number}/schedule`, {
      cookie,
      body: { startAt: t0 + 60, endAt: 0, version: g.json.version },
    });
    await reach(t0 + 60);
    const out = await group(g.json.id as number);
    expect(out.state).toBe('released');
    expect((out.members as { language: string }[]).map((m) => m.language).sort()).toEqual(['en', 'es']);
    expect((await readerRow(c.db, ids.en))?.start_ts).toBe(t0 + 60);
    expect(await readerRow(c.db, ids.th)).toBeUndefined();
    const rest = (await api(c.app, 'GET', `/release-groups?chapterId=${ids.th}`, { cookie })).json.groups as Record<string, unknown>[];
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ state: 'held', splitFrom: g.json.id, missing: ['th'] });
    expect(BLADE_TH).toBeGreaterThan(0);
  });

  it('the calendar shows scheduled groups, releases and ends in a window, filtered by language and publisher', async () => {
    const ids = await threeEditions(c.app, cookie, 'Calendar One', 1);
    const g = await api(c.app, 'POST', '/release-groups', {
      cookie,
      body: { name: 'Ch. 12', chapterIds: [ids.en, ids.th], partial: 'block', zones: [] },
    });
    const t0 = c.clock.nowSec();
    await api(c.app, 'PUT', `/release-groups/${g.json.id as number}/schedule`, {
      cookie,
      body: { startAt: t0 + 3600, endAt: 0, version: g.json.version },
    });
    const es = await api(c.app, 'PUT', `/releases/${ids.es}`, {
      cookie,
      body: { startAt: t0 + 7200, endAt: t0 + 86_400, version: await chapterVersion(ids.es) },
    });
    expect(es.json.state).toBe('scheduled');
    const cal = async (q: string) =>
      (
        (await api(c.app, 'GET', `/calendar?from=${t0}&to=${t0 + 7 * 86_400}${q}`, { cookie })).json.entries as Record<string, unknown>[]
      ).filter((e) => e.groupId === g.json.id || e.chapterId === ids.es);
    expect((await cal('')).map((e) => [e.kind, e.at, e.languages])).toEqual([
      ['group', t0 + 3600, ['en', 'th']],
      ['release', t0 + 7200, ['es']],
      ['end', t0 + 86_400, ['es']],
    ]);
    expect((await cal('&language=th')).map((e) => e.kind)).toEqual(['group']);
    expect((await cal('&publisherId=424242')).map((e) => e.kind)).toEqual([]);
    const bad = await api(c.app, 'GET', `/calendar?from=${t0}&to=${t0 + 60 * 86_400}`, { cookie });
    expect([bad.status, bad.json.code]).toEqual([400, 'validation']);
  });
});
