import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDb } from '../../server/db/index.js';
import { BACKENDS, call, newToken, success } from './helpers.js';
import { consoleCtx } from '../../server/console/actor.js';
import { releaseGroups } from '../../server/console/catalog/releaseGroups.js';
import { T } from './fixtureIds.js';
import { api, memberWithSession, setupConsole, type ConsoleApp } from './consoleHelpers.js';
import { decrypt, fakeSubscription, poll, startPushService } from './pushLoopback.js';
import { addThaiTitle, BLADE_TH, readerRow, threeEditions } from './releaseGroupsHelpers.js';

/**
 * A release group on two app instances sharing one database (two nodes):
 * both nodes' timers fire at its time, the release happens once, and each
 * subscriber of any of its titles gets one notification, in their language.
 */
describe.each(BACKENDS)('a release group on two nodes (%s)', (backend) => {
  let c: ConsoleApp;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  let cookie: string;
  const push = startPushService();
  let base = '';
  beforeAll(async () => {
    process.env.PUSH_CHECK_SECONDS = '0';
    c = await setupConsole(backend, 'relnodes', { pushAllowInsecureLoopback: true });
    // The second node: the same database (and, as an object store would be, the same image folder).
    // On SQLite both nodes are in this one process, on two connections to one file: a write of one waits for
    // the other's transaction synchronously (better-sqlite3's busy timeout, 5 s), holding the very event loop
    // that transaction needs to finish. The second node's push worker polling its queue, and its claims of
    // the published chapters, stalled the first node's release 5 s per step (6 minutes in a whole run). Two
    // processes, as deployed, do not share a loop: here the second node's writes fail at once instead of
    // waiting (its claims then find the release the first node's), and the first node's worker alone sends
    // on SQLite. On PostgreSQL both send.
    const config = loadConfig(
      { DATA_DIR: c.app.config.dataDir, DATABASE_URL: c.app.config.databaseUrl, LOG_LEVEL: 'silent' },
      { pushAllowInsecureLoopback: true, pushWorker: backend === 'postgres' },
    );
    const { db, dialect, close } = await openDb({ ...config, sqliteBusyMs: 0 });
    const app = await buildApp({ config, db, dialect, clock: c.clock });
    await app.ready();
    other = { app, close: async () => (await app.close(), await close()) };
    cookie = (await memberWithSession(c.db, ['editor'], c.clock.nowSec())).cookie;
    await addThaiTitle(c.db, c.clock.nowSec());
    base = await push.listen();
    await c.db.updateTable('chapters').set({ notified_at: c.clock.nowSec() }).where('start_ts', '<=', c.clock.nowSec()).execute();
  });
  afterAll(async () => {
    await other?.close();
    await c?.close();
    await push.close();
    delete process.env.PUSH_CHECK_SECONDS;
  });

  /** A reader who favorites these titles with one push subscription in `lang` (the reader's service code). */
  async function reader(name: string, lang: string, titles: number[]) {
    const sub = fakeSubscription(`${base}/push/${name}`);
    const token = newToken();
    for (const titleId of titles)
      success(
        await call(c.app, {
          method: 'PUT',
          url: `/api/title_list/bookmark?title_id=${titleId}&push_token=${encodeURIComponent(sub.json)}&lang=${lang}`,
          token,
        }),
      );
    return sub;
  }

  it('released once across both nodes; one notification per subscriber, for the edition in their language', async () => {
    const subs = {
      // Favorited the series in Thai, Spanish and English, reads in Thai: the Thai edition only.
      thai: await reader('thai', 'tha', [T.bladeEn, T.bladeEs, BLADE_TH]),
      spanish: await reader('spanish', 'esp', [T.bladeEs, T.bladeEn]),
      english: await reader('english', 'eng', [T.bladeEn]),
      // Reads in French, follows the Spanish and English titles: one notification, of the first edition they follow.
      french: await reader('french', 'fra', [T.bladeEs, T.bladeEn]),
    };
    // The two runs below are the two nodes' timers firing at the same time. The timers themselves are stopped:
    // a schedule notice that reaches a node after the clock moved makes its timer fire at once, and that third
    // run, racing these two, could be the one that releases (consoleReleaseGroups.test.ts covers the timers).
    for (const a of [c.app, other.app]) a.catalog.groups.stop();
    const ids = await threeEditions(c.app, cookie, 'Nodes One', 1);
    const g = await api(c.app, 'POST', '/release-groups', {
      cookie,
      body: { name: 'Ch. 20', chapterIds: [ids.en, ids.es, ids.th], partial: 'block', zones: [] },
    });
    const t0 = c.clock.nowSec();
    await api(c.app, 'PUT', `/release-groups/${g.json.id as number}/schedule`, {
      cookie,
      body: { startAt: t0 + 60, endAt: 0, version: g.json.version },
    });
    c.clock.advance(61_000);
    // Both nodes' release jobs run at the time (on SQLite one after the other: one process holds the file's write
    // lock at a time): one releases the group, the other finds it claimed and does nothing, without an error.
    const nodes = [c.app, other.app];
    const run = (a: FastifyInstance) => releaseGroups.runDue(consoleCtx(a), a.catalog, g.json.id as number);
    const outcomes =
      backend === 'postgres'
        ? await Promise.allSettled(nodes.map(run))
        : [await Promise.allSettled([run(nodes[0])]), await Promise.allSettled([run(nodes[1])])].flat();
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    const values = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : undefined));
    expect(values.filter((v) => v === null)).toHaveLength(1);
    expect(values.find((v) => v)?.released).toHaveLength(3);
    const released = await c.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `release-group:${g.json.id as number}`)
      .execute();
    expect(released.map((r) => r.action).filter((a) => a === 'release-group.release')).toHaveLength(1);
    for (const id of Object.values(ids)) expect((await readerRow(c.db, id))?.start_ts).toBe(t0 + 60);
    await poll(
      () => push.received.length >= 4,
      300,
      () => `4 notifications, got ${push.received.length}`,
    );
    await poll(
      async () => (await c.db.selectFrom('push_deliveries').select('chapter_id').execute()).length >= 4,
      300,
      () => 'four deliveries recorded',
    );
    // Give a duplicate the time to arrive, were there one.
    await new Promise((r) => setTimeout(r, 200));
    expect(push.received.map((r) => r.path).sort()).toEqual(['/push/english', '/push/french', '/push/spanish', '/push/thai']);
    const got = (name: keyof typeof subs) =>
      decrypt(subs[name], push.received.find((r) => r.path === `/push/${name}`)!.body) as { url: string };
    expect(got('thai').url).toBe(`/viewer/${ids.th}`);
    expect(got('spanish').url).toBe(`/viewer/${ids.es}`);
    expect(got('english').url).toBe(`/viewer/${ids.en}`);
    expect(got('french').url).toBe(`/viewer/${Math.min(ids.en, ids.es)}`);
    // Every chapter of the group counts as notified: neither node's scheduler notifies one again.
    for (const a of nodes) expect(await a.push.checkReleases()).toEqual([]);
    for (const id of Object.values(ids)) expect(await c.app.push.notifyChapter(id)).toBeNull();
  });
});
