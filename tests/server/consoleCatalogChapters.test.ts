import path from 'node:path';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers.js';
import { T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { filesUnder, page, tusCreate, tusHead, tusPatch, upload, zipOf } from './consoleCatalogHelpers.js';

/** The page jobs' pg-boss queue (server/console/catalog/pageQueue.ts). */
const PAGE_QUEUE = 'console-pages';

interface Ch {
  id: number;
  version: number;
  state: string;
  pages: { id: number; type: number; suggestDouble: boolean; name: string; thumbUrl: string }[];
  job: { state: string; done: number; total: number; error?: { code: string } };
}

/** A chapter uploaded (tus), processed as a job, arranged on its board, and never seen by readers while a draft. */
describe.each(BACKENDS)('console chapters on %s', (backend) => {
  let c: ConsoleApp;
  let cookie: string;
  beforeAll(async () => {
    c = await setupConsole(backend, 'catchap');
    cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
  });
  afterAll(() => c?.close());

  const get = async (id: number) => (await api(c.app, 'GET', `/chapters/${id}`, { cookie })).json as unknown as Ch;
  const process = async (id: number, uploads: string[], extra: Record<string, unknown> = {}) => {
    const r = await api(c.app, 'POST', `/chapters/${id}/process`, {
      cookie,
      body: { uploads, version: (await get(id)).version, ...extra },
    });
    await c.app.catalog.jobs.idle();
    return { r, ch: await get(id) };
  };
  const draft = async (name: string) =>
    (await api(c.app, 'POST', '/chapters', { cookie, body: { titleId: T.bladeEn, name, subTitle: '' } })).json as unknown as Ch;

  it('uploads resume, pages are processed off the request, and the board reorders, retypes and removes them', async () => {
    const ch = await draft('Draft Zeta');
    expect(ch).toMatchObject({ state: 'draft', pages: [], job: { state: 'idle' } });
    expect(
      (await api(c.app, 'POST', '/chapters', { cookie, body: { titleId: T.bladeEn, name: 'Draft Zeta', subTitle: '' } })).json.code,
    ).toBe('duplicate-name');
    // A released chapter's name is taken too.
    const taken = await c.db.selectFrom('chapters').select('name').where('title_id', '=', T.bladeEn).executeTakeFirstOrThrow();
    expect(
      (await api(c.app, 'POST', '/chapters', { cookie, body: { titleId: T.bladeEn, name: taken.name, subTitle: '' } })).json.code,
    ).toBe('duplicate-name');

    const p1 = await page(600, 850, 10);
    const p2 = await page(1200, 850, 60);
    const p3 = await page(600, 850, 110);
    // Page 2 goes in two halves, with a HEAD in between (what a client does after a dropped connection).
    const created = await tusCreate(c.app, cookie, ch.id, '02.png', p2.length);
    expect(created.status).toBe(201);
    expect(created.location).toBe(`/console/api/uploads/${created.id}`);
    const half = Math.floor(p2.length / 2);
    expect((await tusPatch(c.app, cookie, created.id, 0, p2.subarray(0, half))).statusCode).toBe(204);
    const head = await tusHead(c.app, cookie, created.id);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await tusPatch(c.app, cookie, created.id, half, p2.subarray(half))).statusCode).toBe(204);
    const ids = [await upload(c.app, cookie, ch.id, '10.png', p3), created.id, await upload(c.app, cookie, ch.id, '1.png', p1)];
    const { r, ch: done } = await process(ch.id, ids);
    expect(r.status).toBe(202);
    // Answered at once: the job is queued, or already taken by a worker.
    expect(['queued', 'running']).toContain((r.json.job as { state: string }).state);
    expect(done.job).toEqual({ state: 'done', done: 3, total: 3 });
    expect(done.pages.map((p) => p.name)).toEqual(['1.png', '02.png', '10.png']);
    expect(done.pages.map((p) => p.suggestDouble)).toEqual([false, true, false]);
    expect(done.pages.map((p) => p.type)).toEqual([0, 3, 0]);
    // The uploads are consumed: their files are gone.
    expect(filesUnder(c.app.catalog.uploadDir)).toEqual([]);
    const thumb = await c.app.inject({ method: 'GET', url: done.pages[0].thumbUrl, headers: { cookie: `console_session=${cookie}` } });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    // Reorder (3, 1), page 2 removed, page 3 set to LEFT; unknown ids refused; a stale version refused.
    const [a, b, d] = done.pages.map((p) => p.id);
    const bad = await api(c.app, 'PUT', `/chapters/${ch.id}/pages`, { cookie, body: { order: [d, 99999], version: done.version } });
    expect(bad.json.code).toBe('validation');
    const board = await api(c.app, 'PUT', `/chapters/${ch.id}/pages`, {
      cookie,
      body: { order: [d, a], types: { [d]: 1 }, version: done.version },
    });
    expect(board.status).toBe(200);
    expect((board.json as unknown as Ch).pages.map((p) => [p.id, p.type])).toEqual([
      [d, 1],
      [a, 0],
    ]);
    const stale = await api(c.app, 'PUT', `/chapters/${ch.id}/pages`, { cookie, body: { order: [a, d], version: done.version } });
    expect(stale.json.code).toBe('conflict');
    expect((stale.json.current as Ch).pages.map((p) => p.id)).toEqual([d, a]);
    // The removed page's images are gone from the store.
    const imgDir = path.join(c.app.config.dataDir, 'img', `page/d${ch.id}`);
    expect(new Set(filesUnder(imgDir).map((f) => f.split(path.sep)[0])).size).toBe(2);
    expect(b).toBeGreaterThan(0);
  });

  it('bad input: each a clear code, and nothing half-made stays (rows, images, uploads)', async () => {
    const ch = await draft('Bad Input');
    const imgDir = path.join(c.app.config.dataDir, 'img', `page/d${ch.id}`);
    const good = await page(600, 850);
    const failing = async (files: [string, Buffer][]) => {
      const ids = [];
      for (const [n, d] of files) ids.push(await upload(c.app, cookie, ch.id, n, d));
      const { ch: after } = await process(ch.id, ids);
      expect(after.pages).toEqual([]);
      expect(filesUnder(imgDir)).toEqual([]);
      return after.job.error?.code;
    };
    expect(
      await failing([
        ['a.png', good],
        ['b.png', Buffer.from('no image here')],
      ]),
    ).toBe('not-an-image');
    expect(await failing([['notes.txt', Buffer.from('hello')]])).toBe('not-an-image');
    expect(await failing([['c.zip', Buffer.from('PK broken archive bytes')]])).toBe('bad-archive');
    expect(await failing([['d.cbz', zipOf([{ name: '1.png', data: good, encrypted: true }])]])).toBe('encrypted-archive');
    expect(await failing([['e.cbz', zipOf([{ name: '../../evil.png', data: good }])]])).toBe('unsafe-path');
    expect(await failing([['f.cbz', zipOf([{ name: '1.png', data: good, declaredSize: 0xfffffff0 }])]])).toBe('archive-too-large');
    expect(await failing([['g.cbz', zipOf(Array.from({ length: 401 }, (_, i) => ({ name: `${i}.png`, data: Buffer.from('x') })))]])).toBe(
      'too-many-pages',
    );
    expect(await failing([['h.png', await page(2000, 31000)]])).toBe('image-too-large');
    // A 0-byte file is refused before any byte is sent.
    expect((await tusCreate(c.app, cookie, ch.id, 'empty.png', 0)).status).toBe(400);
    expect((await tusCreate(c.app, cookie, ch.id, 'huge.cbz', 2 ** 40)).status).toBe(413);
    // A good CBZ then works, in natural order.
    const cbz = zipOf([
      { name: 'p/2.png', data: good },
      { name: 'p/10.png', data: good },
      { name: '__MACOSX/._x.png', data: Buffer.from('x') },
      { name: 'p/1.png', data: good },
    ]);
    const { ch: ok } = await process(ch.id, [await upload(c.app, cookie, ch.id, 'chapter.cbz', cbz)]);
    expect(ok.pages.map((p) => p.name)).toEqual(['1.png', '2.png', '10.png']);
    expect(filesUnder(c.app.catalog.uploadDir)).toEqual([]);
  });

  it('an upload for a chapter deleted meanwhile is refused and its bytes removed; deleting leaves nothing behind', async () => {
    const ch = await draft('Short Lived');
    const data = await page(600, 850);
    const { id } = await tusCreate(c.app, cookie, ch.id, '1.png', data.length);
    await tusPatch(c.app, cookie, id, 0, data.subarray(0, 100));
    const done = await upload(c.app, cookie, ch.id, '2.png', data);
    await process(ch.id, [done]);
    const v = (await get(ch.id)).version;
    expect((await api(c.app, 'DELETE', `/chapters/${ch.id}?version=${v}`, { cookie })).status).toBe(204);
    const late = await tusPatch(c.app, cookie, id, 100, data.subarray(100));
    expect(late.statusCode).toBe(404);
    expect(JSON.parse(late.body)).toMatchObject({ code: 'gone' });
    expect((await tusCreate(c.app, cookie, ch.id, '3.png', 10)).status).toBe(404);
    expect(filesUnder(c.app.catalog.uploadDir)).toEqual([]);
    expect(filesUnder(path.join(c.app.config.dataDir, 'img', `page/d${ch.id}`))).toEqual([]);
    expect(await c.db.selectFrom('console_pages').select('id').where('chapter_id', '=', ch.id).execute()).toEqual([]);
    expect((await api(c.app, 'GET', `/chapters/${ch.id}`, { cookie })).status).toBe(404);
  });

  it('a job whose node died is taken over when its lease runs out', async () => {
    const ch = await draft('Taken Over');
    const id = await upload(c.app, cookie, ch.id, '1.png', await page(600, 850));
    if (backend === 'postgres') await c.app.catalog.jobs.stop();
    // As if a node had claimed it and died: running, its lease in the past.
    await c.db
      .updateTable('console_chapters')
      .set({ job_state: 'running', job_request: JSON.stringify({ uploads: [id], version: 0 }), job_lease: c.clock.nowSec() - 1 })
      .where('id', '=', ch.id)
      .execute();
    if (backend === 'postgres') {
      // PostgreSQL: the dead node had also taken the job from pg-boss, which retries it once it expires.
      const dead = new PgBoss({ connectionString: c.app.config.databaseUrl, max: 1, schedule: false, supervise: false });
      await dead.start();
      await dead.send(PAGE_QUEUE, { chapterId: ch.id });
      const [job] = await dead.fetch<{ chapterId: number }>(PAGE_QUEUE);
      expect(job.data).toEqual({ chapterId: ch.id });
      // Its time runs out (pg-boss counts in the database's clock): expired by maintenance, retried without the wait.
      await sql`update pgboss.job set started_on = now() - interval '1 hour' where id = ${job.id}`.execute(c.db);
      await dead.expire();
      await sql`update pgboss.job set start_after = now() where id = ${job.id}`.execute(c.db);
      await c.app.catalog.jobs.start();
      await c.app.catalog.jobs.idle();
      expect(await dead.getJobById(PAGE_QUEUE, job.id)).toMatchObject({ state: 'completed', retryCount: 1 });
      await dead.stop({ graceful: false });
    } else {
      c.app.catalog.jobs.kick();
      await c.app.catalog.jobs.idle();
    }
    expect((await get(ch.id)).job).toMatchObject({ state: 'done', done: 1 });
  });

  it.runIf(backend === 'postgres')('on PostgreSQL the job is a pg-boss job, sent with the queued row', async () => {
    const ch = await draft('Through Boss');
    const id = await upload(c.app, cookie, ch.id, '1.png', await page(600, 850));
    expect((await process(ch.id, [id])).ch.job).toMatchObject({ state: 'done', done: 1 });
    const jobs = await sql<{
      state: string;
    }>`select state from pgboss.job where name = ${PAGE_QUEUE} and data->>'chapterId' = ${String(ch.id)}`.execute(c.db);
    expect(jobs.rows).toEqual([{ state: 'completed' }]);
  });
});
