import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS } from './helpers.js';
import { T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { page, upload } from './consoleCatalogHelpers.js';
import { PAGES_IN_FLIGHT } from '../../server/console/catalog/jobs.js';
import type * as PageProcessing from '../../server/catalog/pageProcessing.js';

/** Pages inside processPage right now, and the most seen at once. */
const flight = vi.hoisted(() => ({ now: 0, most: 0 }));

// The real processing, counted: what a page holds in memory is held while it runs.
vi.mock('../../server/catalog/pageProcessing.js', async (importOriginal) => {
  const real = await importOriginal<typeof PageProcessing>();
  return {
    ...real,
    processPage: async (...args: Parameters<typeof real.processPage>) => {
      flight.most = Math.max(flight.most, ++flight.now);
      try {
        return await real.processPage(...args);
      } finally {
        flight.now--;
      }
    },
  };
});

/**
 * The server's memory while it processes a chapter is bounded by
 * the pages in flight, not by the chapter's length or how many chapters wait
 * (bench/upload.ts measures the RSS; this holds the bound it rests on).
 */
describe.each(BACKENDS)('page jobs on %s', (backend) => {
  let c: ConsoleApp;
  let cookie: string;
  beforeAll(async () => {
    c = await setupConsole(backend, 'catflight');
    cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
  });
  afterAll(() => c?.close());

  it(`a node processes at most ${PAGES_IN_FLIGHT} pages at once, however many pages and chapters are queued`, async () => {
    const chapters = [];
    for (const name of ['In Flight A', 'In Flight B']) {
      const ch = (await api(c.app, 'POST', '/chapters', { cookie, body: { titleId: T.bladeEn, name, subTitle: '' } })).json as unknown as {
        id: number;
        version: number;
      };
      const ids = [];
      for (let i = 1; i <= 7; i++) ids.push(await upload(c.app, cookie, ch.id, `${i}.png`, await page(600, 850, 20 * i)));
      chapters.push({ ...ch, ids });
    }
    flight.most = 0;
    // Both queued back to back: the second waits for the first, on this node.
    for (const ch of chapters) {
      const r = await api(c.app, 'POST', `/chapters/${ch.id}/process`, { cookie, body: { uploads: ch.ids, version: ch.version } });
      expect(r.status).toBe(202);
    }
    await c.app.catalog.jobs.idle();
    for (const ch of chapters)
      expect((await api(c.app, 'GET', `/chapters/${ch.id}`, { cookie })).json.job).toEqual({ state: 'done', done: 7, total: 7 });
    // Never more than the bound; and the bound is used (both cores busy), not one page after the other.
    expect(flight.most).toBe(PAGES_IN_FLIGHT);
    expect(flight.now).toBe(0);
  });
});
