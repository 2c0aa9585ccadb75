import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, setup, type TestApp } from './helpers.js';
import { manualServerClock } from '../../server/lib/clock.js';
import { Cells, writeCells } from '../../server/stats/rollup.js';
import { period } from '../../server/stats/query.js';
import { readingDashboard } from '../../server/stats/reading.js';
import { reachDashboard } from '../../server/stats/engagement.js';
import { compactStats, compactedBefore, compactedNames, keptFrom } from '../../server/stats/compaction.js';

/**
 * Issue 49: hours older than STATS_HOURLY_DAYS are read from their UTC days
 * and their hourly rows deleted (server/stats/compaction.ts). Known views go
 * in over twenty days; the dashboards must answer the same before and after
 * the deletion, exactly as before for the hours kept and for old periods in
 * UTC, and for old periods elsewhere as the UTC days whose noon each bucket
 * holds (counted here from the events). One node compacts; a flush during
 * the compaction loses nothing.
 */
const DAY0 = Date.UTC(2026, 2, 1) / 86_400_000; // 2026-03-01, a UTC day number
const DAYS = 20;
const KEEP = 7;
const NOW_SEC = (DAY0 + DAYS) * 86_400 - 60; // the last minute of the twentieth day
const W = keptFrom(NOW_SEC, KEEP);
const date = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

interface View {
  hour: number;
  at: number;
  chapter: number;
  reader: string;
}

describe.each(BACKENDS)('rollups compacted into their days (%s)', (backend) => {
  let t: TestApp;
  let title: number;
  let chapters: number[];
  const views: View[] = [];
  const postgres = backend === 'postgres';

  /** Views of the title's chapters: a few an hour, readers overlapping across hours and days. */
  function cellsOf(list: readonly View[]): Cells {
    const c = new Cells();
    for (const v of list) {
      c.add('view', v.chapter, '', v.at, 1, v.reader);
      c.add('view.title', title, '', v.at, 1, v.reader);
      c.add('view.all', 0, '', v.at, 1, v.reader);
      c.add('reach', v.chapter, String(1 + (v.hour % 5)), v.at, 1, v.reader);
    }
    return c;
  }

  beforeAll(async () => {
    // Hours kept far back at start (the app's own compaction stays out of the way); the test compacts.
    t = await setup(backend, 'stats_compact', { statsHourlyDays: 3650 }, true, manualServerClock(NOW_SEC * 1000));
    const rows = await t.db.selectFrom('chapters').select(['id', 'title_id']).orderBy('id').execute();
    title = rows[0].title_id;
    chapters = rows.filter((r) => r.title_id === title).map((r) => r.id);
    for (let h = DAY0 * 24; h < (DAY0 + DAYS) * 24; h++)
      for (let i = 0; i < 1 + (h % 3); i++)
        views.push({ hour: h, at: h * 3600 + i * 97, chapter: chapters[(h + i) % chapters.length], reader: `r-${(h * 5 + i) % 61}` });
    // Only these views: none the seeded fixtures may have rolled up.
    await t.db.deleteFrom('stats_hourly').execute();
    await t.db.transaction().execute((trx) => writeCells(trx, cellsOf(views), postgres));
  });
  afterAll(async () => {
    await t?.close();
  });

  const dashboards = async (tz: string, from: number, to: number) => {
    const p = period(tz, date(from), date(to), 'day');
    return {
      titles: await readingDashboard(t.db, p, 'title'),
      chapters: await readingDashboard(t.db, p, 'chapter', title),
      reach: await reachDashboard(t.db, p, chapters[0]),
    };
  };
  /** Views per bucket as the compacted layout counts them: an hour kept as itself, an old one by its UTC day's noon. */
  const expectedViews = (tz: string, from: number, to: number) => {
    const p = period(tz, date(from), date(to), 'day');
    return p.bucketRanges.map(
      ([a, b]) =>
        views.filter((v) =>
          v.hour >= W ? v.hour >= a && v.hour < b : Math.floor(v.hour / 24) * 24 + 12 >= a && Math.floor(v.hour / 24) * 24 + 12 < b,
        ).length,
    );
  };
  const viewsPerBucket = (d: Awaited<ReturnType<typeof dashboards>>) => d.titles.charts[0].series[0].values;

  const periods: [string, number, number][] = [
    ['UTC', DAY0 + 2, DAY0 + 8], // old: before W
    // Recent, and the period before them too (from DAY0 + 14): hours kept.
    ['UTC', DAY0 + 17, DAY0 + 19],
    ['Asia/Tokyo', DAY0 + 17, DAY0 + 19],
    ['America/New_York', DAY0 + 17, DAY0 + 19],
  ];

  it('answers the same after compaction for the hours it keeps, and for old periods in UTC', async () => {
    expect(await compactedBefore(t.db)).toBeLessThan(DAY0 * 24);
    const before = await Promise.all(periods.map(([tz, a, b]) => dashboards(tz, a, b)));
    const rowsBefore = await t.db
      .selectFrom('stats_hourly')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const deleted = await compactStats(t.db, NOW_SEC, KEEP);
    expect(deleted).toBeGreaterThan(0);
    expect(await compactedBefore(t.db)).toBe(W);
    const rowsAfter = await t.db
      .selectFrom('stats_hourly')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rowsAfter.n)).toBe(Number(rowsBefore.n) - deleted!);
    // No hour of a compacted metric is left below W; the days are.
    const left = await t.db
      .selectFrom('stats_hourly')
      .select('metric')
      .where('metric', 'in', [...compactedNames])
      .where('hour', '<', W)
      .execute();
    expect(left).toEqual([]);
    const after = await Promise.all(periods.map(([tz, a, b]) => dashboards(tz, a, b)));
    expect(after).toEqual(before);
    for (const [i, [tz, a, b]] of periods.entries()) expect(viewsPerBucket(after[i])).toEqual(expectedViews(tz, a, b));
  });

  it('reads old periods in any zone from the UTC days whose noon each bucket holds, deleted or not', async () => {
    for (const tz of ['America/New_York', 'Asia/Tokyo']) {
      const [a, b] = [DAY0 + 3, DAY0 + 16]; // across W: old days, then hours
      const compacted = await dashboards(tz, a, b);
      expect(viewsPerBucket(compacted)).toEqual(expectedViews(tz, a, b));
      const total = compacted.titles.totals.find((x) => x.name === 'views')!.value;
      expect(total).toBe(expectedViews(tz, a, b).reduce((s, n) => s + n, 0));
      // The chapters' table and the title's agree (the same days and hours, per chapter).
      const perChapter = compacted.chapters.tables[0].rows.reduce((s, r) => s + Number(r.views), 0);
      expect(perChapter).toBe(total);
      // Rows of an old hour written again (a late flush) change nothing read: the day holds them.
      await t.db
        .insertInto('stats_hourly')
        .values({ metric: 'view.all', key: 0, dim: '', hour: W - 30, n: 1000, sketch: null })
        .onConflict((oc) => oc.doNothing())
        .execute();
      expect(await dashboards(tz, a, b)).toEqual(compacted);
      await t.db
        .deleteFrom('stats_hourly')
        .where('metric', '=', 'view.all')
        .where('hour', '=', W - 30)
        .execute();
    }
  });

  it('is claimed by one node a day: a second compaction at once, or later that day, does nothing', async () => {
    const later = NOW_SEC + 120; // the next day's first minutes
    const both = await Promise.all([compactStats(t.db, later, KEEP), compactStats(t.db, later, KEEP)]);
    expect(both.filter((r) => r === null).length).toBe(1);
    expect(await compactedBefore(t.db)).toBe(W + 24);
    expect(await compactStats(t.db, later + 3600, KEEP)).toBeNull();
    const rows = await t.db
      .selectFrom('stats_hourly')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await compactStats(t.db, later + 7200, KEEP)).toBeNull();
    const again = await t.db
      .selectFrom('stats_hourly')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(Number(rows.n));
  });

  it('loses nothing of a flush written while it compacts', async () => {
    const next = NOW_SEC + 2 * 86_400;
    const wBefore = await compactedBefore(t.db);
    const [a, b] = [DAY0 + 2, DAY0 + DAYS - 1];
    const before = await dashboards('America/New_York', a, b);
    // Late views in an hour being compacted and in one kept: each in the period.
    const late: View[] = [wBefore + 5, W + 100].map((hour, i) => ({
      hour,
      at: hour * 3600 + 1,
      chapter: chapters[0],
      reader: `late-${i}`,
    }));
    await Promise.all([compactStats(t.db, next, KEEP), t.db.transaction().execute((trx) => writeCells(trx, cellsOf(late), postgres))]);
    views.push(...late);
    const after = await dashboards('America/New_York', a, b);
    const total = (d: typeof after) => d.titles.totals.find((x) => x.name === 'views')!.value;
    expect(total(after)).toBe(total(before) + late.length);
    expect(viewsPerBucket(after)).toEqual(
      period('America/New_York', date(a), date(b), 'day').bucketRanges.map(
        ([x, y]) =>
          views.filter((v) => {
            const w = W + 48; // where this compaction left off
            const at = v.hour >= w ? v.hour : Math.floor(v.hour / 24) * 24 + 12;
            return at >= x && at < y;
          }).length,
      ),
    );
  });
});
