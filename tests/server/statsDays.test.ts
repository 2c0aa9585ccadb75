import { deflateRawSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, setup, type TestApp } from './helpers.js';
import { Cells, writeCells } from '../../server/stats/rollup.js';
import { rollups, spanned, Tally, type Row } from '../../server/stats/query.js';
import { Hll } from '../../server/lib/hll.js';
import { statsDays } from '../../server/db/migrations/0017_stats_days.js';
import { packedSketches } from '../../server/db/migrations/0019_packed_sketches.js';
import { statsBlocks } from '../../server/db/migrations/0020_stats_blocks.js';
import { BLOCKS, blockMetric, tile } from '../../server/stats/blocks.js';

/**
 * Issue 33's bench: metrics read over whole periods are rolled up in blocks
 * of hours and days beside the hours (server/stats/blocks.ts), and a period
 * is read as the blocks that tile it. A block must hold what its hours hold
 * (counts and readers), whether written with the hours or added later by a
 * migration.
 */
const DAY0 = 20_600 * 24; // an hour at a UTC midnight
const HOURS = 24 * 3 + 7;

/** Views of chapters 1..3 over three days and seven hours, readers overlapping across hours; favourites too. */
function events(): Cells {
  const c = new Cells();
  for (let h = 0; h < HOURS; h++) {
    for (let i = 0; i < 40; i++) {
      const reader = `reader-${(h * 13 + i) % 300}`;
      const at = (DAY0 + h) * 3600 + i * 60;
      c.add('view', 1 + (i % 3), '', at, 1, reader);
      c.add('view.all', 0, '', at, 1, reader);
    }
    c.add('fav.add', 7, '', (DAY0 + h) * 3600, 2);
  }
  return c;
}

const union = (rows: Row[], key: number) => {
  const t = new Tally();
  for (const r of rows) if (r.key === key) t.add(r);
  return { n: t.n, reg: t.hll?.registers() };
};

describe.each(BACKENDS)('daily rollups beside the hourly ones (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // Hours kept ten years back: these hours (May 2026) stay hourly whatever the machine's date (compaction: statsCompaction.test.ts).
    t = await setup(backend, 'stats_days', { statsHourlyDays: 3650 }, false);
    await t.db.transaction().execute((trx) => writeCells(trx, events(), backend === 'postgres'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const dayRows = () =>
    t.db.selectFrom('stats_hourly').selectAll().where('metric', 'like', '%:day').orderBy('metric').orderBy('key').orderBy('hour').execute();

  it('a day holds its hours: the same count and the union of their readers; counts without readers have no days', async () => {
    const days = await dayRows();
    expect(new Set(days.map((d) => d.metric))).toEqual(new Set(['view:day', 'view.all:day']));
    expect(days.length).toBe(4 * 4); // chapters 1..3 and all, four UTC days (the last one partial)
    for (const d of days) {
      const hours = await rollups(t.db, [d.metric.replace(':day', '')], Number(d.hour), Number(d.hour) + 24, { keys: [Number(d.key)] });
      expect(hours.length).toBe(Number(d.hour) === DAY0 + 72 ? 7 : 24);
      const want = union(hours, Number(d.key));
      expect(Number(d.n)).toBe(want.n);
      expect(Hll.parse(d.sketch).registers()).toEqual(want.reg);
    }
  });

  it('a period read as the blocks that tile it gives what its hours give, in fewer rows', async () => {
    // From 05:00 on the first day to 03:00 on the fourth: 19 + 24 + 24 + 3 hours.
    const [from, to] = [DAY0 + 5, DAY0 + 72 + 3];
    for (const [metric, key, most] of [
      ['view', 2, 19 + 2 + 3],
      ['view.all', 0, 10],
    ] as const) {
      const hourly = await rollups(t.db, [metric], from, to, { keys: [key] });
      const rows = await spanned(t.db, [metric], [[from, to]], { keys: [key] });
      expect(rows.every((r) => r.metric === metric && r.hour >= from && r.hour < to)).toBe(true);
      expect(hourly.length).toBe(to - from);
      expect(rows.length).toBe(tile(from, to, BLOCKS.get(metric)!).length);
      expect(rows.length).toBeLessThanOrEqual(most);
      expect(union(rows, key)).toEqual(union(hourly, key));
      // Summed: the same count, one row.
      const [sum] = await spanned(t.db, [metric], [[from, to]], { keys: [key], sum: true });
      expect(sum.n).toBe(union(hourly, key).n);
    }
    // Several ranges at once (a dashboard's buckets): each its own blocks, in its own range.
    const buckets: [number, number][] = [
      [DAY0 + 5, DAY0 + 29],
      [DAY0 + 29, DAY0 + 52],
    ];
    const rows = await spanned(t.db, ['view.all'], buckets);
    for (const [a, b] of buckets)
      expect(
        union(
          rows.filter((r) => r.hour >= a && r.hour < b),
          0,
        ),
      ).toEqual(union(await rollups(t.db, ['view.all'], a, b), 0));
    // Counts only: no sketches; a metric with no blocks reads hours.
    const counts = await spanned(t.db, ['view'], [[from, to]], { sketches: false });
    expect(counts.every((r) => r.sketch === null)).toBe(true);
    expect(counts.reduce((s, r) => s + r.n, 0)).toBe((to - from) * 40);
    expect((await spanned(t.db, ['fav.add'], [[from, to]])).length).toBe(to - from);
    // Summed over several ranges, with blocks or without: one row a metric, key and dim.
    const two: [number, number][] = [
      [from, from + 10],
      [from + 20, from + 30],
    ];
    expect(await spanned(t.db, ['fav.add'], two, { sum: true })).toMatchObject([{ metric: 'fav.add', key: 7, n: 2 * 20 }]);
    expect(await spanned(t.db, ['view.all'], two, { sum: true })).toMatchObject([{ metric: 'view.all', key: 0, n: 40 * 20 }]);
  });

  it('blocks of hours and days hold their hours', async () => {
    const blocks = await t.db.selectFrom('stats_hourly').selectAll().where('metric', 'like', 'view.all:%').execute();
    expect(new Set(blocks.map((b) => b.metric))).toEqual(
      new Set(['view.all:2h', 'view.all:4h', 'view.all:8h', 'view.all:day', 'view.all:2d', 'view.all:4d', 'view.all:8d', 'view.all:16d']),
    );
    for (const b of blocks) {
      const len = BLOCKS.get('view.all')!.find((l) => blockMetric('view.all', l) === b.metric)!;
      expect(Number(b.hour) % len).toBe(0);
      const hours = await rollups(t.db, ['view.all'], Number(b.hour), Number(b.hour) + len);
      expect({ n: Number(b.n), reg: Hll.parse(b.sketch).registers() }).toEqual(union(hours, 0));
    }
  });

  it('the migration adds the days of hours recorded before it, the same as written with them', async () => {
    const written = await dayRows();
    await t.db.deleteFrom('stats_hourly').where('metric', 'like', '%:day').execute();
    await sql`drop index stats_hourly_metric_key_hour`.execute(t.db);
    await statsDays().up(t.db as unknown as Kysely<unknown>);
    const added = await dayRows();
    const norm = (rows: typeof written) =>
      rows.map((r) => ({ ...r, key: Number(r.key), hour: Number(r.hour), n: Number(r.n), sketch: Hll.parse(r.sketch).registers() }));
    expect(norm(added)).toEqual(norm(written));
  });

  it('the migration adds the blocks of hours recorded before it, the same as written with them', async () => {
    const longer = () =>
      t.db
        .selectFrom('stats_hourly')
        .selectAll()
        .where((eb) => eb.and([eb('metric', 'like', '%:%'), eb('metric', 'not like', '%:day')]))
        .orderBy('metric')
        .orderBy('key')
        .orderBy('hour')
        .execute();
    const written = await longer();
    expect(written.length).toBeGreaterThan(0);
    await t.db
      .deleteFrom('stats_hourly')
      .where((eb) => eb.and([eb('metric', 'like', '%:%'), eb('metric', 'not like', '%:day')]))
      .execute();
    await statsBlocks().up(t.db as unknown as Kysely<unknown>);
    const norm = (rows: typeof written) =>
      rows.map((r) => ({ ...r, key: Number(r.key), hour: Number(r.hour), n: Number(r.n), sketch: Hll.parse(r.sketch).registers() }));
    expect(norm(await longer())).toEqual(norm(written));
    // Run again over the blocks it added: the same blocks, not twice the counts.
    await statsBlocks().up(t.db as unknown as Kysely<unknown>);
    expect(norm(await longer())).toEqual(norm(written));
  });

  it('the migration rewrites sketches stored deflated as packed, register for register', async () => {
    const big = new Hll();
    for (let i = 0; i < 5000; i++) big.add(`old-${i}`);
    const reg = big.registers();
    const rows = Array.from({ length: 3 }, (_, i) => ({
      metric: 'view.all',
      key: 0,
      dim: '',
      hour: DAY0 - 100 + i,
      n: 5000,
      sketch: 'Z' + deflateRawSync(reg).toString('base64'),
    }));
    await t.db.insertInto('stats_hourly').values(rows).execute();
    const before = await t.db.selectFrom('stats_hourly').select(['metric', 'hour', 'sketch']).where('sketch', 'not like', 'Z%').execute();
    await packedSketches().up(t.db as unknown as Kysely<unknown>);
    const after = await t.db
      .selectFrom('stats_hourly')
      .select(['hour', 'sketch'])
      .where('metric', '=', 'view.all')
      .where(
        'hour',
        'in',
        rows.map((r) => r.hour),
      )
      .execute();
    expect(after.length).toBe(3);
    for (const r of after) {
      expect(r.sketch![0]).toBe('B');
      expect(Hll.parse(r.sketch).registers()).toEqual(reg);
    }
    // Rows stored otherwise are left as they were.
    const others = await t.db.selectFrom('stats_hourly').select(['metric', 'hour', 'sketch']).where('sketch', 'not like', 'Z%').execute();
    const inserted = (r: { metric: string; hour: number }) => r.metric === 'view.all' && rows.some((x) => x.hour === Number(r.hour));
    expect(others.filter((r) => !inserted(r))).toEqual(before);
  });
});
