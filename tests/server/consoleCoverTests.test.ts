import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignVariant } from '../../core/console/coverTests.js';
import { endDue } from '../../server/console/coverTests/run.js';
import { consoleCtx } from '../../server/console/actor.js';
import { BACKENDS, call, success } from './helpers.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDb } from '../../server/db/index.js';
import { T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';

/**
 * Cover tests (issue 48): a title's cover against another, each visitor
 * shown one (the same on every call, from their id alone), counted per
 * variant in the rollups, ended by the editor's pick or, at the end of the
 * period, by reading share, once.
 */
const png = (r: number) =>
  sharp({ create: { width: 720, height: 1020, channels: 3, background: { r, g: 60, b: 120 } } })
    .png()
    .toBuffer();

/** Two visitor tokens shown different variants of a two-variant test. */
function twoVisitors(testId: number): [string, string] {
  const token = (i: number) => (0x1000 + i).toString(16).padStart(32, 'c');
  const first = token(1);
  for (let i = 2; ; i++) if (assignVariant(token(i), testId, 2) !== assignVariant(first, testId, 2)) return [first, token(i)];
}

describe.each(BACKENDS)('cover tests on %s', (backend) => {
  let c: ConsoleApp;
  let cookie: string;
  beforeAll(async () => {
    c = await setupConsole(backend, 'covertests');
    cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
  });
  afterAll(() => c?.close());

  const test = async (id: number) => (await api(c.app, 'GET', `/cover-tests/${id}`, { cookie })).json;
  const addImage = (id: number, version: number, body: Buffer) =>
    c.app.inject({
      method: 'POST',
      url: `/console/api/cover-tests/${id}/images?version=${version}`,
      headers: { 'x-console-request': '1', origin: 'http://localhost', cookie: `console_session=${cookie}`, 'content-type': 'image/png' },
      payload: body,
    });
  /** The cover a visitor's title page carries. */
  const cover = async (token: string, field: 'portraitImageUrl' | 'landscapeImageUrl' = 'portraitImageUrl') => {
    const d = success(await call(c.app, { url: `/api/title_detailV3?title_id=${T.bladeEn}`, token })).data;
    if (d.case !== 'titleDetailView') throw new Error(d.case);
    return new URL(d.value.title![field], 'http://x').pathname;
  };
  /** A counted view of a chapter of the title by this visitor, written out with the rollups. */
  async function reads(token: string, chapterId: number) {
    expect(c.app.repos.views.claim(token, chapterId)).toBe(true);
    c.app.repos.views.record(token, chapterId, true);
    await c.app.repos.views.flush();
  }
  async function madeWithVariant(slot: 'portrait' | 'landscape', shade: number) {
    const made = await api(c.app, 'POST', '/cover-tests', { cookie, body: { titleId: T.bladeEn, slot } });
    expect(made.status, made.text).toBe(201);
    const id = made.json.id as number;
    const added = await addImage(id, made.json.version as number, await png(shade));
    expect(added.statusCode, added.body).toBe(200);
    return added.json<{ id: number; version: number; images: string[] }>();
  }

  it('a draft, a variant, a start; each visitor sees their own variant on every call; counted per variant; ended by the pick', async () => {
    const t = await madeWithVariant('portrait', 200);
    expect(t.images).toEqual([`/img/t/${T.bladeEn}/p.webp`, expect.stringMatching(/^\/img\/title\/101\/portrait_[0-9a-f]{16}\.webp$/)]);
    // The same image again is no new variant; a second open test of the same image is refused.
    expect((await api(c.app, 'POST', '/cover-tests', { cookie, body: { titleId: T.bladeEn, slot: 'portrait' } })).json.code).toBe(
      'wrong-state',
    );
    // A stale version is a conflict; a start at the version read runs it.
    const stale = await api(c.app, 'PUT', `/cover-tests/${t.id}/start`, { cookie, body: { version: t.version - 1, days: 14 } });
    expect([stale.status, stale.json.code]).toEqual([409, 'conflict']);
    const started = await api(c.app, 'PUT', `/cover-tests/${t.id}/start`, { cookie, body: { version: t.version, days: 14 } });
    expect(started.json).toMatchObject({ state: 'running', endsAt: c.clock.nowSec() + 14 * 86400 });

    const [a, b] = twoVisitors(t.id);
    const [va, vb] = [assignVariant(a, t.id, 2), assignVariant(b, t.id, 2)];
    for (let i = 0; i < 3; i++) {
      expect(await cover(a)).toBe(t.images[va]);
      expect(await cover(b)).toBe(t.images[vb]);
    }
    // The home's lists carry the same image for the same visitor.
    const home = success(await call(c.app, { url: '/api/web/web_homeV4?lang=eng', token: a })).data;
    if (home.case !== 'webHomeViewV4') throw new Error(home.case);
    const listed = home.value.groups.flatMap((g) => g.titleGroups.flatMap((x) => x.titles)).filter((x) => x.title?.titleId === T.bladeEn);
    for (const x of listed) expect(new URL(x.title!.portraitImageUrl, 'http://x').pathname).toBe(t.images[va]);

    await reads(a, 1001);
    await reads(a, 1002);
    await c.app.repos.stats.flush();
    const figures = await test(t.id);
    const va_ = (figures.variants as { taps: number; readers: number; visitors: number; chaptersPerReader: number }[])[va];
    const vb_ = (figures.variants as { taps: number; readers: number; visitors: number }[])[vb];
    expect(va_).toMatchObject({ taps: 3, visitors: 1, readers: 1, chaptersPerReader: 2 });
    expect(vb_).toMatchObject({ taps: 3, visitors: 1, readers: 0 });
    expect(figures.confidence).toMatchObject({ kind: 'not-enough' });

    // The editor picks the new image (B): everyone sees it, and the test and the title's change are audited.
    const ended = await api(c.app, 'POST', `/cover-tests/${t.id}/end`, { cookie, body: { version: figures.version, winner: 1 } });
    expect(ended.json).toMatchObject({ state: 'ended', winner: 1, endedBy: 'editor' });
    expect(await cover(a)).toBe(t.images[1]);
    expect(await cover(b)).toBe(t.images[1]);
    const log = await c.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('target', 'in', [`cover-test:${t.id}`, `title:${T.bladeEn}`])
      .execute();
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining(['cover-test.create', 'cover-test.image', 'cover-test.start', 'cover-test.end', 'title.image']),
    );
    // Over: no second end.
    expect(
      (await api(c.app, 'POST', `/cover-tests/${t.id}/end`, { cookie, body: { version: ended.json.version, winner: 0 } })).json.code,
    ).toBe('wrong-state');
  });

  it('a second node on the same database shows each visitor the same variant, and the winner once the test ends', async () => {
    const config = loadConfig({ DATA_DIR: c.app.config.dataDir, DATABASE_URL: c.app.config.databaseUrl, LOG_LEVEL: 'silent' });
    const { db, dialect, close } = await openDb(config);
    const other = await buildApp({ config, db, dialect, clock: c.clock });
    await other.ready();
    try {
      const t = await madeWithVariant('portrait', 120);
      const started = await api(c.app, 'PUT', `/cover-tests/${t.id}/start`, { cookie, body: { version: t.version, days: 7 } });
      expect(started.json.state).toBe('running');
      // The second node reads the catalog again when its cache expires (SQLite: no notices between nodes).
      c.clock.advance(c.app.config.viewCacheMs + 1000);
      const [a, b] = twoVisitors(t.id);
      const coverAt = async (app: typeof other, token: string) => {
        const d = success(await call(app, { url: `/api/title_detailV3?title_id=${T.bladeEn}`, token })).data;
        if (d.case !== 'titleDetailView') throw new Error(d.case);
        return new URL(d.value.title!.portraitImageUrl, 'http://x').pathname;
      };
      for (const app of [c.app, other, c.app, other])
        for (const token of [a, b]) expect(await coverAt(app, token)).toBe(t.images[assignVariant(token, t.id, 2)]);
      const now = await test(t.id);
      const ended = await api(c.app, 'POST', `/cover-tests/${t.id}/end`, { cookie, body: { version: now.version, winner: 1 } });
      expect(ended.json.state).toBe('ended');
      c.clock.advance(c.app.config.viewCacheMs + 1000);
      for (const app of [c.app, other]) for (const token of [a, b]) expect(await coverAt(app, token)).toBe(t.images[1]);
    } finally {
      await other.close();
      await close();
    }
  });

  it('at the end of its period the job picks the winner by reading share, once', async () => {
    const t = await madeWithVariant('landscape', 30);
    const started = await api(c.app, 'PUT', `/cover-tests/${t.id}/start`, { cookie, body: { version: t.version, days: 1 } });
    expect(started.json.state).toBe('running');
    const [a, b] = twoVisitors(t.id);
    const vb = assignVariant(b, t.id, 2);
    await cover(a, 'landscapeImageUrl');
    await cover(b, 'landscapeImageUrl');
    await reads(b, 1005);
    await c.app.repos.stats.flush();
    c.clock.advance(86400 * 1000 + 1000);
    // A day on: the editor's session has expired meanwhile.
    cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
    await c.app.catalog.coverTests.refresh();
    await new Promise((r) => setTimeout(r, 10));
    await c.app.catalog.coverTests.idle();
    expect(await test(t.id)).toMatchObject({ state: 'ended', winner: vb, endedBy: 'period' });
    expect(await cover(a, 'landscapeImageUrl')).toBe(t.images[vb]);
    // Another node's timer fires too late: the claim lets it do nothing.
    expect(await endDue(consoleCtx(c.app), t.id)).toBe(false);
    const ends = await c.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `cover-test:${t.id}`)
      .where('action', '=', 'cover-test.end')
      .execute();
    expect(ends).toHaveLength(1);
  });

  it('a draft is discarded with the title unchanged; a test needs two variants to start', async () => {
    const made = await api(c.app, 'POST', '/cover-tests', { cookie, body: { titleId: T.catsEn, slot: 'portrait' } });
    const lone = await api(c.app, 'PUT', `/cover-tests/${made.json.id as number}/start`, {
      cookie,
      body: { version: made.json.version, days: 3 },
    });
    expect(lone.json.code).toBe('wrong-state');
    const gone = await api(c.app, 'POST', `/cover-tests/${made.json.id as number}/discard`, {
      cookie,
      body: { version: made.json.version },
    });
    expect(gone.json).toMatchObject({ state: 'ended', winner: -1 });
    const list = await api(c.app, 'GET', `/cover-tests?titleId=${T.catsEn}`, { cookie });
    expect(list.json.tests).toHaveLength(1);
  });
});
