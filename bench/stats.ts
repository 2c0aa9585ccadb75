/**
 * The analyst's dashboards at scale. Loads view events through
 * the recording path (the views repository's claim/record and its flush, in
 * bulk: flushes of BENCH_FLUSH views) over DAYS days, CHAPTERS chapters and
 * READERS readers, on SQLite (default) or PostgreSQL (BENCH_DATABASE_URL),
 * then asks each dashboard BENCH_RUNS times for the last 30 days in a
 * non-UTC zone and prints its p50/p95, the load time, and the rollups' size
 * beside the raw rows' (their ratio: target under 0.5; and the rows and
 * sketch bytes per metric family), after the daily compaction a deployment
 * would have run (BENCH_HOURLY_DAYS days of hours kept, 0: not compacted).
 * Target: p95 under 300 ms. BENCH_KEEP
 * keeps the SQLite file (its folder is printed) for EXPLAIN; BENCH_DIR
 * names the (empty) folder to load it into, kept; BENCH_REUSE asks the
 * dashboards again of an earlier load (on SQLite, BENCH_DIR: its folder).
 *
 *   npx tsx bench/stats.ts [events=2000000] [chapters=2000] [readers=200000]
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/stats.ts 20000000 2000 2000000
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db/index';
import { manualServerClock } from '../server/lib/clock';
import { viewsRepo } from '../server/repos/views';
import { period } from '../server/stats/query';
import { readingDashboard } from '../server/stats/reading';
import { favoritesDashboard, notificationsDashboard, reachDashboard } from '../server/stats/engagement';
import { promosDashboard, surveysDashboard } from '../server/stats/promos';
import { addDays } from '../server/stats/zone';
import { compactStats } from '../server/stats/compaction';

const EVENTS = Number(process.argv[2] ?? 2_000_000);
const CHAPTERS = Number(process.argv[3] ?? 2000);
const READERS = Number(process.argv[4] ?? 200_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 60);
const FLUSH = Number(process.env.BENCH_FLUSH ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const START = Date.UTC(2026, 0, 1);

// Reusing on SQLite reads the folder of the load: not a fresh empty file's dashboards in its place.
if (process.env.BENCH_REUSE && !process.env.BENCH_DATABASE_URL && !process.env.BENCH_DIR)
  throw new Error('BENCH_REUSE on SQLite needs BENCH_DIR, the folder of the load');
const dir = process.env.BENCH_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stats-'));
const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', LOG_LEVEL: 'silent' });
const { db, dialect, close } = await openDb(config);
const postgres = dialect === 'postgres';
// BENCH_REUSE: the dashboards and sizes again on what an earlier run loaded (its PostgreSQL database,
// or its SQLite folder kept with BENCH_KEEP and named in BENCH_DIR).
const reuse = Boolean(process.env.BENCH_REUSE);
const loadS = reuse ? NaN : await load();
// What a deployment's daily compaction (server/stats/compaction.ts) has done by the end of the load: hours older
// than BENCH_HOURLY_DAYS (the server's STATS_HOURLY_DAYS default; 0: none) read from their UTC days, their rows deleted.
const HOURLY_DAYS = Number(process.env.BENCH_HOURLY_DAYS ?? loadConfig({}).statsHourlyDays);
const compactS = await compact();

async function compact(): Promise<{ s: number; rows: number | null }> {
  if (!HOURLY_DAYS) return { s: 0, rows: null };
  const t0 = performance.now();
  const rows = await compactStats(db, Math.floor((START + DAYS * 86_400_000) / 1000), HOURLY_DAYS);
  const s = (performance.now() - t0) / 1000;
  // PostgreSQL counts deleted rows' space in the table until it is reused (SQLite's dbstat leaves freed pages out):
  // the size the table settles to, once autovacuum has let the next days' rows reuse that space, is a full vacuum's.
  if (postgres && rows) await sql`vacuum full stats_hourly`.execute(db);
  return { s, rows };
}

/** Loads the catalog and the views; the seconds it took. */
async function load(): Promise<number> {
  if (postgres)
    for (const t of ['stats_hourly', 'viewed_chapters', 'chapter_views_daily', 'chapters', 'titles'])
      await sql`delete from ${sql.table(t)}`.execute(db);

  // A catalog of CHAPTERS chapters over 100 titles, 50 series, two languages.
  const TITLES = 100;
  for (let i = 0; i < TITLES; i += 50) {
    await db
      .insertInto('titles')
      .values(
        Array.from({ length: 50 }, (_, j) => ({
          id: i + j + 1,
          series_id: Math.floor((i + j) / 2) + 1,
          language: (i + j) % 2,
          name: `Title ${i + j + 1}`,
          author: '',
          overview: '',
          portrait_image_url: '',
          landscape_image_url: '',
          title_image_url: '',
          background_image_url: '',
          favorite_image_url: '',
          view_count: 0,
          update_status: 0,
          viewing_period_description: '',
          non_appearance_info: '',
          is_new: 0,
          created_at: 0,
        })),
      )
      .execute();
  }
  for (let i = 0; i < CHAPTERS; i += 100) {
    await db
      .insertInto('chapters')
      .values(
        Array.from({ length: Math.min(100, CHAPTERS - i) }, (_, j) => {
          const id = i + j + 1;
          return {
            id,
            title_id: (id % TITLES) + 1,
            seq: Math.ceil(id / TITLES),
            name: `#${id}`,
            sub_title: '',
            thumbnail_url: '',
            start_ts: 0,
            end_ts: 0,
            is_vertical_only: 0,
            is_horizontal_only: 0,
            view_count: 0,
            ticket_end: 0,
            notified_at: 0,
          };
        }),
      )
      .execute();
  }

  // A deterministic stream: reader and chapter from a linear congruential walk, time spread evenly.
  const clock = manualServerClock(START);
  const views = viewsRepo(db, 3_600_000, { clock, flushViews: FLUSH * 10, windowS: 1800, postgres });
  // mulberry32: a 32-bit generator in integer arithmetic (an LCG in doubles loses its low bits past 2^53
  // and falls into a short cycle: 200,000 events gave 8,199 distinct reader-chapter pairs).
  let seed = 12345;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const t0 = performance.now();
  const step = (DAYS * 86_400_000) / EVENTS;
  for (let i = 0; i < EVENTS; i++) {
    clock.set(START + i * step);
    // Popular chapters are read more: a skewed pick.
    const chapter = 1 + Math.floor(CHAPTERS * rand() ** 2);
    const reader = `r${Math.floor(READERS * rand())}`;
    if (views.claim(reader, chapter)) views.record(reader, chapter, true);
    else views.record(reader, chapter, false);
    if ((i + 1) % FLUSH === 0) await views.flush();
    if ((i + 1) % 200_000 === 0) console.log(`  loaded ${i + 1} events, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  await views.close();
  return (performance.now() - t0) / 1000;
}

const end = new Date(START + DAYS * 86_400_000 - 1).toISOString().slice(0, 10);
const p = period('America/New_York', addDays(end, -29), end, 'day');
// Title 2 holds chapter 1, the most read (the pick is skewed to low ids): the heaviest title and chapter.
const dashboards: [string, () => Promise<unknown>][] = [
  ['reading by title', () => readingDashboard(db, p, 'title')],
  ['reading by series', () => readingDashboard(db, p, 'series')],
  ['reading by chapter (title 2)', () => readingDashboard(db, p, 'chapter', 2)],
  ['reach (chapter 1)', () => reachDashboard(db, p, 1)],
  ['favorites', () => favoritesDashboard(db, p)],
  ['notifications', () => notificationsDashboard(db, p)],
  ['promos', () => promosDashboard(db, p)],
  ['surveys', () => surveysDashboard(db, p)],
];
console.log(
  `\nstats bench (${dialect}): ${EVENTS} view events, ${DAYS} days, ${CHAPTERS} chapters, ${READERS} readers, flushes of ${FLUSH}`,
);
console.log(reuse ? 'reused an earlier load' : `loaded in ${loadS.toFixed(0)} s: ${Math.round(EVENTS / loadS)} events/s`);
console.log(
  HOURLY_DAYS
    ? `compacted: hours kept for ${HOURLY_DAYS} days before the last, older ones read from their UTC days (${compactS.rows ?? 'no'} rows deleted in ${compactS.s.toFixed(1)} s)`
    : 'not compacted (BENCH_HOURLY_DAYS=0)',
);
console.log(`dashboards for the last 30 days in America/New_York, ${RUNS} runs each (first run warms):`);
for (const [name, run] of dashboards) {
  const ms: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const a = performance.now();
    await run();
    if (i > 0) ms.push(performance.now() - a);
  }
  ms.sort((a, b) => a - b);
  const q = (f: number) => ms[Math.min(ms.length - 1, Math.ceil(f * ms.length) - 1)].toFixed(1);
  console.log(`  ${name.padEnd(32)} p50 ${q(0.5).padStart(8)} ms   p95 ${q(0.95).padStart(8)} ms`);
}

// Sizes on disk, tables with their indexes: the raw reading rows (one per reader and chapter) and the rollups.
const count = async (t: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(t)}`.execute(db)).rows[0].n);
const bytes = async (t: string) =>
  Number(
    (postgres
      ? await sql<{ n: number }>`select pg_total_relation_size(${t}) as n`.execute(db)
      : await sql<{
          n: number;
        }>`select sum(d.pgsize) as n from dbstat d join sqlite_schema s on s.name = d.name where s.tbl_name = ${t}`.execute(db)
    ).rows[0].n,
  );
const sketchBytes = Number(
  (await sql<{ n: number }>`select coalesce(sum(length(sketch)), 0) as n from stats_hourly`.execute(db)).rows[0].n,
);
const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;
const [raw, hourly, daily] = [await bytes('viewed_chapters'), await bytes('stats_hourly'), await bytes('chapter_views_daily')];
console.log(`raw: ${EVENTS} view events in ${await count('viewed_chapters')} viewed_chapters rows, ${mib(raw)}`);
console.log(
  `rollups: ${mib(hourly + daily)} (stats_hourly ${await count('stats_hourly')} rows, ${mib(hourly)}, of which ${mib(sketchBytes)} sketches; chapter_views_daily ${await count('chapter_views_daily')} rows, ${mib(daily)})`,
);
console.log(`rollups/raw ratio: ${((hourly + daily) / raw).toFixed(2)} (target < 0.5)`);
// Where the bytes go: rows and sketch bytes per metric family (the metric without its block length) and length.
const families = await sql<{ metric: string; rows: number; sketches: number }>`
  select metric, count(*) as rows, coalesce(sum(length(sketch)), 0) as sketches from stats_hourly group by metric`.execute(db);
const byFamily = new Map<string, { rows: number; sketches: number; lengths: string[] }>();
for (const r of families.rows) {
  const [family, len = 'hour'] = r.metric.split(':');
  const f = byFamily.get(family) ?? { rows: 0, sketches: 0, lengths: [] };
  f.rows += Number(r.rows);
  f.sketches += Number(r.sketches);
  f.lengths.push(`${len} ${Number(r.rows)}`);
  byFamily.set(family, f);
}
console.log('stats_hourly by metric family (rows, sketch bytes; rows per length):');
for (const [family, f] of [...byFamily].sort((a, b) => b[1].rows - a[1].rows))
  console.log(
    `  ${family.padEnd(12)} ${String(f.rows).padStart(9)} rows ${mib(f.sketches).padStart(10)} sketches   ${f.lengths.join(', ')}`,
  );
await close();
if (process.env.BENCH_KEEP || process.env.BENCH_DIR) console.log(`kept ${dir}`);
else fs.rmSync(dir, { recursive: true, force: true });
