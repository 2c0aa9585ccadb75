import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS } from './helpers.js';
import { T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { page, upload } from './consoleCatalogHelpers.js';
import { catalogJobs } from '../../server/console/catalog/jobs.js';
import { bossPageQueue, rowQueue } from '../../server/console/catalog/pageQueue.js';
import type * as PageProcessing from '../../server/catalog/pageProcessing.js';

/** The page jobs' pg-boss queue (server/console/catalog/pageQueue.ts). */
const PAGE_QUEUE = 'console-pages';

/** Pages processed, counted: each once. */
const processed = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../server/catalog/pageProcessing.js', async (importOriginal) => {
  const real = await importOriginal<typeof PageProcessing>();
  return {
    ...real,
    processPage: (...args: Parameters<typeof real.processPage>) => {
      processed.n++;
      return real.processPage(...args);
    },
  };
});

interface Ch {
  id: number;
  version: number;
  pages: { id: number }[];
  job: { state: string; done: number; total: number };
}

/**
 * Page rows queued without a job in pg-boss's queue (queued before
 * pg-boss was in use, a database restored from a backup taken without the
 * `pgboss` schema, a job lost with its node) are found when a node starts,
 * and get one job each, however many nodes start at once. On SQLite the rows
 * are the queue: the same rows are processed once there too.
 */
describe.each(BACKENDS)('page rows without a job on %s', (backend) => {
  let c: ConsoleApp;
  let cookie: string;
  beforeAll(async () => {
    c = await setupConsole(backend, 'catsweep');
    cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
  });
  afterAll(() => c?.close());

  const get = async (id: number) => (await api(c.app, 'GET', `/chapters/${id}`, { cookie })).json as unknown as Ch;
  const draft = async (name: string) =>
    (await api(c.app, 'POST', '/chapters', { cookie, body: { titleId: T.bladeEn, name, subTitle: '' } })).json as unknown as Ch;
  const jobsOf = async (id: number) =>
    (
      await sql<{
        state: string;
      }>`select state from pgboss.job where name = ${PAGE_QUEUE} and data->>'chapterId' = ${String(id)} order by created_on`.execute(c.db)
    ).rows.map((r) => r.state);

  it('a node that starts sends one job for each queued row that has none; two nodes starting together send one', async () => {
    const names = ['Old Row', 'Lost Job', 'Again', 'Died', 'Has Job'] as const;
    const ch: Record<(typeof names)[number], Ch> = {} as never;
    const up: Record<string, string> = {};
    for (const n of names) {
      ch[n] = await draft(n);
      up[n] = await upload(c.app, cookie, ch[n].id, '1.png', await page(600, 850, 30));
    }
    // 'Again' was processed through the route before (on PostgreSQL: a completed job), then queued again without one.
    await api(c.app, 'POST', `/chapters/${ch.Again.id}/process`, { cookie, body: { uploads: [up.Again], version: ch.Again.version } });
    await c.app.catalog.jobs.idle();
    expect((await get(ch.Again.id)).job).toMatchObject({ state: 'done', done: 1 });
    up.Again = await upload(c.app, cookie, ch.Again.id, '2.png', await page(600, 850, 90));

    // This node stops; the rows are queued behind the queue's back, as an older deployment or a restore leaves them.
    await c.app.catalog.jobs.stop();
    for (const n of names)
      await c.db
        .updateTable('console_chapters')
        .set({
          job_state: n === 'Died' ? 'running' : 'queued',
          job_request: JSON.stringify({ uploads: [up[n]], version: 0 }),
          job_done: 0,
          job_total: 0,
          // 'Died': a node claimed it and died, its lease ran out, and its job is gone.
          job_lease: n === 'Died' ? c.clock.nowSec() - 1 : 0,
        })
        .where('id', '=', ch[n].id)
        .execute();
    if (backend === 'postgres') {
      const other = new PgBoss({ connectionString: c.app.config.databaseUrl, max: 1, schedule: false, supervise: false });
      await other.start();
      // 'Lost Job': its job was sent, then lost (deleted); 'Has Job' keeps a live one, and gets no second.
      const lost = await other.send(PAGE_QUEUE, { chapterId: ch['Lost Job'].id });
      await sql`delete from pgboss.job where id = ${lost}`.execute(c.db);
      await other.send(PAGE_QUEUE, { chapterId: ch['Has Job'].id });
      await other.stop({ graceful: false });
      expect(await jobsOf(ch['Old Row'].id)).toEqual([]);
      expect(await jobsOf(ch['Lost Job'].id)).toEqual([]);
      expect(await jobsOf(ch.Again.id)).toEqual(['completed']);
    }

    // Two nodes start together.
    processed.n = 0;
    const node = () =>
      catalogJobs({
        db: c.db,
        clock: c.clock,
        blobs: c.app.catalog.blobs,
        uploadDir: c.app.catalog.uploadDir,
        log: c.app.log,
        queue: backend === 'postgres' ? bossPageQueue(c.app.config.databaseUrl, c.db, c.app.log) : rowQueue(c.db, c.clock, c.app.log),
      });
    const nodes = [node(), node()];
    try {
      await Promise.all(nodes.map((n) => n.start()));
      await Promise.all(nodes.map((n) => n.idle()));
      for (const n of names) {
        const after = await get(ch[n].id);
        expect(after.job, n).toMatchObject({ state: 'done', done: 1, total: 1 });
        expect(after.pages, n).toHaveLength(n === 'Again' ? 2 : 1);
      }
      // Each page once, on one node or the other.
      expect(processed.n).toBe(names.length);
      if (backend === 'postgres') {
        // One job a row, the sweep's or the one it already had; 'Again' keeps its earlier one.
        for (const n of names) expect(await jobsOf(ch[n].id), n).toEqual(n === 'Again' ? ['completed', 'completed'] : ['completed']);
      }
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
  });
});
