import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, manualServerClock } from '../../server/lib/clock.js';
import { viewsRepo } from '../../server/repos/views.js';
import { BACKENDS, call, failure, newToken, setup, success, type TestApp } from './helpers.js';

/**
 * Items 2 and 4: a view counts at most once per visitor, chapter
 * and window, reads without a session make no row, the counting path is
 * limited per client address, rows age out; views are flushed by their
 * number whatever the spread of chapters.
 */
describe.each(BACKENDS)('view counts on %s', (backend) => {
  const LIMIT = 40;
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, `viewcounts_${backend}`, { viewRateLimit: LIMIT });
  });
  afterAll(() => t.close());

  const count = async (id: number) =>
    Number((await t.db.selectFrom('chapters').select('view_count').where('id', '=', id).executeTakeFirstOrThrow()).view_count);
  const rows = async () =>
    Number(
      (
        await t.db
          .selectFrom('viewed_chapters')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const daily = async (id: number) =>
    Number(
      (
        await t.db
          .selectFrom('chapter_views_daily')
          .select((eb) => eb.fn.sum<number>('views').as('n'))
          .where('chapter_id', '=', id)
          .executeTakeFirst()
      )?.n ?? 0,
    );

  it('10,000 reads from one address: none counted without a session, one per session, at most the limit from fresh sessions', async () => {
    const before = { c1007: await count(1007), c2002: await count(2002), rows: await rows(), daily: await daily(1007) };
    const one = newToken();
    let limited = 0;
    const started = performance.now();
    const read = async (i: number) => {
      const mode = i % 3;
      // Mostly the call that only counts (cheap), some whole viewer answers.
      const url = i % 50 < 3 ? '/api/manga_viewer?chapter_id=1007' : '/api/chapter_view?chapter_id=1007';
      if (mode === 0) success(await call(t.app, { method: 'GET', url }));
      else if (mode === 1) success(await call(t.app, { method: 'GET', url, token: one }));
      else {
        // Fresh sessions, on the chapter no other mode reads: counted up to the address's limit.
        const a = await call(t.app, { method: 'GET', url: url.replace('1007', '2002'), token: newToken() });
        if (a.status === 429) {
          expect(failure(a).debugInfo).toContain('rate limit');
          limited++;
        } else success(a);
      }
    };
    // 25 at a time, as many clients would (the database's waits overlap).
    for (let i = 0; i < 10_000; i += 25) await Promise.all(Array.from({ length: 25 }, (_, k) => read(i + k)));
    // The limit is LIMIT a minute: as many minutes as the pump took (started at the first counted view).
    const allowed = LIMIT * (Math.floor((performance.now() - started) / 60_000) + 1);
    await t.app.repos.views.flush();
    expect(await count(1007)).toBe(before.c1007 + 1);
    expect(await daily(1007)).toBe(before.daily + 1);
    const fresh = (await count(2002)) - before.c2002;
    // The one session's first view took one of the address's counts too.
    expect(fresh + 1).toBeGreaterThanOrEqual(LIMIT);
    expect(fresh + 1).toBeLessThanOrEqual(allowed);
    // Over the limit a view is served and not counted: a reader behind a shared address is never refused.
    expect(limited).toBe(0);
    // One row for the one session, one per counted fresh session; none for reads without one.
    expect(await rows()).toBe(before.rows + 1 + fresh);
    console.log(
      `view pump (${backend}): 10,000 reads, ${fresh} counted of 3,333 fresh sessions (allowed ${allowed}), 1 by one session, 0 without one`,
    );
  });

  it('a pair counts once per window, across nodes and restarts (the database knows), and again after it', async () => {
    const clock = manualServerClock(Date.now());
    const before = await count(3001);
    const a = viewsRepo(t.db, 60_000, { clock, windowS: 1800 });
    const b = viewsRepo(t.db, 60_000, { clock, windowS: 1800 });
    for (const node of [a, b]) {
      expect(node.claim('windowvisitor01', 3001)).toBe(true);
      node.record('windowvisitor01', 3001, true);
      expect(node.claim('windowvisitor01', 3001)).toBe(false);
      node.record('windowvisitor01', 3001, false);
    }
    await a.flush();
    await b.flush();
    expect(await count(3001)).toBe(before + 1);
    clock.advance(1801_000);
    expect(a.claim('windowvisitor01', 3001)).toBe(true);
    a.record('windowvisitor01', 3001, true);
    await a.close();
    await b.close();
    expect(await count(3001)).toBe(before + 2);
  });

  it('a node forgets the claims of the visitors counted longest ago, and a released claim can be made again', async () => {
    const clock = manualServerClock(Date.now());
    const v = viewsRepo(t.db, 60_000, { clock, windowS: 1800, recentMax: 4 });
    expect(v.claim('recentvisitor001', 1)).toBe(true);
    expect(v.claim('recentvisitor001', 2)).toBe(true);
    expect(v.claim('recentvisitor002', 1)).toBe(true);
    // Counted again: visitor 1 is now the latest.
    clock.advance(1801_000);
    expect(v.claim('recentvisitor001', 1)).toBe(true);
    expect(v.claim('recentvisitor003', 1)).toBe(true);
    // Five pairs over four: visitor 2, counted longest ago, is forgotten (the database would still know).
    expect(v.claim('recentvisitor004', 1)).toBe(true);
    expect(v.claim('recentvisitor002', 1)).toBe(true);
    expect(v.claim('recentvisitor003', 1)).toBe(false);
    v.release('recentvisitor003', 1);
    expect(v.claim('recentvisitor003', 1)).toBe(true);
    expect(v.claim('recentvisitor003', 1)).toBe(false);
    await v.close();
  });

  it('buffered views are flushed by their number, all on one chapter too, without waiting for the interval', async () => {
    const before = await count(3002);
    const clock = manualServerClock(Date.now());
    const v = viewsRepo(t.db, 3_600_000, { clock, flushViews: 50, windowS: 1800 });
    // Fifty views of one pair (one distinct pair: the early flush counted pairs before issue 28).
    v.record('flushvisitor0001', 3002, true);
    for (let i = 1; i < 50; i++) v.record('flushvisitor0001', 3002, false);
    for (let i = 0; i < 200 && (await count(3002)) === before; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await count(3002)).toBe(before + 1);
    await v.close();
  });

  it('rows of views age out after VIEW_RETENTION_DAYS', async () => {
    const now = t.app.clock.nowSec();
    await t.db
      .insertInto('viewed_chapters')
      .values([
        { visitor_token: 'oldvisitor000001', chapter_id: 1001, last_page: 0, viewed_at: now - 400 * DAY, counted_at: now - 400 * DAY },
        { visitor_token: 'newvisitor000001', chapter_id: 1001, last_page: 0, viewed_at: now - DAY, counted_at: now - DAY },
      ])
      .execute();
    const gone = await t.app.repos.views.prune(now - t.app.config.viewRetentionDays * DAY);
    expect(gone).toBe(1);
    const left = await t.db.selectFrom('viewed_chapters').select('visitor_token').where('chapter_id', '=', 1001).execute();
    expect(left.map((r) => r.visitor_token)).toEqual(['newvisitor000001']);
  });
});
