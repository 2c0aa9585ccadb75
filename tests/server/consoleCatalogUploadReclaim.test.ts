import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKENDS } from './helpers.js';
import { T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { filesUnder, page, tusCreate, tusPatch, upload } from './consoleCatalogHelpers.js';
import { uploadSweep } from '../../server/console/catalog/uploadSweep.js';
import type { ServerClock } from '../../server/lib/clock.js';

interface Ch {
  id: number;
  version: number;
  pages: { id: number; thumbUrl: string }[];
  job: { state: string };
}

const MINUTE = 60_000;
const problem = (body: string) => JSON.parse(body) as { code: string; detail: string };
const mode = (f: string) => fs.statSync(f).mode & 0o777;

/**
 * Issue 46: uploads do not pile up. Abandoned ones are swept (the injected
 * clock moves time), a PATCH past the declared length leaves nothing, what a
 * member and a chapter hold in flight is bounded, and upload and page files
 * are this process's user's only.
 */
describe.each(BACKENDS)('uploads reclaimed and bounded on %s', (backend) => {
  let c: ConsoleApp;
  let cookie: string;
  beforeAll(async () => {
    c = await setupConsole(backend, 'catreclaim', { uploadChapterQuotaBytes: 1000, uploadMemberQuotaBytes: 1500 });
  });
  // A member of each test's own: the tests move the clock by days, past any session.
  beforeEach(async () => {
    cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
  });
  afterAll(() => c?.close());

  const get = async (id: number) => (await api(c.app, 'GET', `/chapters/${id}`, { cookie })).json as unknown as Ch;
  const draft = async (name: string) =>
    (await api(c.app, 'POST', '/chapters', { cookie, body: { titleId: T.bladeEn, name, subTitle: '' } })).json as unknown as Ch;
  const rowOf = (id: string) => c.db.selectFrom('console_uploads').selectAll().where('id', '=', id).executeTakeFirst();
  const filesOf = (id: string) => filesUnder(c.app.catalog.uploadDir).filter((f) => f.startsWith(id));

  it('an unfinished upload goes after 24 h, a finished unprocessed one after 1 h, a file without a row at once: on start and on each tick', async () => {
    const ch = await draft('Abandoned');
    const begun = await tusCreate(c.app, cookie, ch.id, '1.png', 100);
    expect((await tusPatch(c.app, cookie, begun.id, 0, Buffer.alloc(40, 1))).statusCode).toBe(204);
    const done = await upload(c.app, cookie, ch.id, '2.png', Buffer.alloc(50, 2));
    const orphan = path.join(c.app.catalog.uploadDir, 'f00dfeedorphan');
    fs.writeFileSync(orphan, 'left by a crash');
    // A sweeper on the same database and folder whose timer the test fires.
    const ticks: (() => void)[] = [];
    const clock: ServerClock = {
      now: () => c.clock.now(),
      nowSec: () => c.clock.nowSec(),
      setTimeout: (fn) => {
        ticks.push(fn);
        return 0 as unknown as ReturnType<typeof setTimeout>;
      },
      clearTimeout: () => {},
    };
    const sweep = uploadSweep({ db: c.db, clock, uploadDir: c.app.catalog.uploadDir, lifetimes: c.app.config, log: console });
    await sweep.start();
    // On start: the orphan goes; both uploads are young.
    expect(fs.existsSync(orphan)).toBe(false);
    expect([filesOf(begun.id).length, filesOf(done).length]).toEqual([2, 2]);
    expect(ticks).toHaveLength(1);
    c.clock.advance(61 * MINUTE);
    ticks.shift()!();
    await vi.waitFor(async () => expect(await rowOf(done)).toBeUndefined());
    expect(filesOf(done)).toEqual([]);
    expect(await rowOf(begun.id)).toBeDefined();
    await vi.waitFor(() => expect(ticks).toHaveLength(1));
    c.clock.advance(23 * 60 * MINUTE);
    ticks.shift()!();
    await vi.waitFor(async () => expect(await rowOf(begun.id)).toBeUndefined());
    expect(filesOf(begun.id)).toEqual([]);
    sweep.stop();
    // The server's own sweep is running too.
    expect(await c.app.catalog.uploadSweep.sweep()).toBe(0);
  });

  it('a PATCH past Upload-Length is refused and leaves nothing of the upload', async () => {
    const ch = await draft('Too Long');
    const made = await tusCreate(c.app, cookie, ch.id, '1.png', 100);
    expect(filesOf(made.id)).toHaveLength(2);
    const r = await tusPatch(c.app, cookie, made.id, 0, Buffer.alloc(200, 3));
    expect(r.statusCode).toBe(413);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(JSON.parse(r.body)).toMatchObject({ code: 'upload-too-large' });
    expect(filesOf(made.id)).toEqual([]);
    expect(await rowOf(made.id)).toBeUndefined();
  });

  it('a chapter and a member hold at most their quotas in flight (413 chapter-quota, 429 member-quota)', async () => {
    const a = await draft('Quota A');
    const b = await draft('Quota B');
    const first = await tusCreate(c.app, cookie, a.id, '1.png', 600);
    expect(first.status).toBe(201);
    const over = await tusCreate(c.app, cookie, a.id, '2.png', 500);
    expect([over.status, problem(over.body).code]).toEqual([413, 'chapter-quota']);
    expect((await tusCreate(c.app, cookie, b.id, '1.png', 800)).status).toBe(201);
    const mine = await tusCreate(c.app, cookie, b.id, '2.png', 200);
    expect([mine.status, problem(mine.body).code]).toEqual([429, 'member-quota']);
    expect(problem(mine.body).detail).toContain('MiB');
    // Cancelling frees the room.
    const del = await c.app.inject({
      method: 'DELETE',
      url: `/console/api/uploads/${first.id}`,
      headers: { cookie: `console_session=${cookie}`, 'x-console-request': '1', origin: 'http://localhost', 'tus-resumable': '1.0.0' },
    });
    expect(del.statusCode).toBe(204);
    expect((await tusCreate(c.app, cookie, b.id, '2.png', 200)).status).toBe(201);
    // The day after, all of it is swept: the next test starts with nothing held.
    c.clock.advance(25 * 60 * MINUTE);
    expect(await c.app.catalog.uploadSweep.sweep()).toBe(2);
  });

  it('upload files and stored page images are 0600 in 0700 folders, and are still served', async () => {
    const ch = await draft('Private');
    // Small pages: this suite's quotas are a few hundred bytes.
    const up = await upload(c.app, cookie, ch.id, '1.png', await page(20, 30));
    expect(mode(c.app.catalog.uploadDir)).toBe(0o700);
    for (const f of filesOf(up)) expect(mode(path.join(c.app.catalog.uploadDir, f)), f).toBe(0o600);
    await api(c.app, 'POST', `/chapters/${ch.id}/process`, { cookie, body: { uploads: [up], version: (await get(ch.id)).version } });
    await c.app.catalog.jobs.idle();
    const done = await get(ch.id);
    expect(done.pages).toHaveLength(1);
    const imgDir = path.join(c.app.config.dataDir, 'img', `page/d${ch.id}`);
    const files = filesUnder(imgDir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(mode(path.join(imgDir, f)), f).toBe(0o600);
      expect(mode(path.dirname(path.join(imgDir, f))), f).toBe(0o700);
    }
    const thumb = await c.app.inject({ method: 'GET', url: done.pages[0].thumbUrl, headers: { cookie: `console_session=${cookie}` } });
    expect(thumb.statusCode).toBe(200);
  });
});
