import type { DB } from '../db/index.js';
import type { Dashboard } from '../../core/console/schemas/stats.js';
import { byLanguage } from '../../core/languages.js';
import { change, spanned, Tallies, Tally, type Period } from './query.js';

export type Group = 'series' | 'title' | 'chapter' | 'language';

/** What a group's rows are named by, from the catalog (titles and chapters, not events). */
async function groups(db: DB, group: Group, titleId: number | undefined) {
  const label = new Map<string, string>();
  const keyOf = new Map<number, string>();
  if (group === 'chapter') {
    const rows = await db
      .selectFrom('chapters')
      .select(['id', 'name'])
      .where('title_id', '=', titleId ?? 0)
      .execute();
    for (const r of rows) {
      keyOf.set(r.id, String(r.id));
      label.set(String(r.id), r.name);
    }
    return { label, keyOf, keys: rows.map((r) => r.id) };
  }
  const titles = await db.selectFrom('titles').select(['id', 'series_id', 'language', 'name']).orderBy('language').orderBy('id').execute();
  for (const t of titles) {
    const k = group === 'title' ? String(t.id) : group === 'series' ? String(t.series_id) : String(t.language);
    keyOf.set(t.id, k);
    if (!label.has(k)) label.set(k, group === 'language' ? (byLanguage(t.language)?.short ?? String(t.language)) : t.name);
  }
  return { label, keyOf, keys: undefined };
}

/**
 * Reading: views and distinct readers per bucket, new and returning readers,
 * the period against the one before, per series, title, chapter (of one
 * title) or language, and what rose fastest. Reads rollups only: the blocks
 * of hours and days that tile each period and bucket (query.ts spanned()).
 */
export async function readingDashboard(db: DB, p: Period, group: Group, titleId?: number): Promise<Dashboard> {
  const { byBucket, now, before } = await periodTotals(db, p);
  const table = await groupTable(db, p, group, titleId);
  const series = (m: string, f: (t: Tally) => number) => p.buckets.map((b) => f(byBucket.get(`${m}\n${b}`) ?? new Tally()));
  return {
    period: { tz: p.tz, from: p.from, to: p.to, by: p.by },
    totals: [
      { name: 'views', value: now.views, previous: before.views },
      { name: 'readers', value: now.readers, previous: before.readers },
      { name: 'newReaders', value: now.newReaders, previous: before.newReaders },
      { name: 'returningReaders', value: now.returning, previous: before.returning },
    ],
    charts: [
      {
        id: 'reading',
        buckets: p.buckets,
        series: [
          { name: 'views', values: series('view.all', (t) => t.n) },
          { name: 'readers', values: series('view.all', (t) => t.readers) },
          { name: 'newReaders', values: series('reader.new', (t) => t.readers) },
        ],
      },
    ],
    tables: [
      { id: `by-${group}`, columns: GROUP_COLUMNS, rows: table },
      { id: 'rising', columns: RISING_COLUMNS, rows: rising(table) },
      {
        id: 'buckets',
        columns: BUCKET_COLUMNS,
        rows: p.buckets.map((b) => ({
          bucket: b,
          views: byBucket.get(`view.all\n${b}`)?.n ?? 0,
          readers: byBucket.get(`view.all\n${b}`)?.readers ?? 0,
          newReaders: byBucket.get(`reader.new\n${b}`)?.readers ?? 0,
        })),
      },
    ],
  };
}

type Columns = Dashboard['tables'][number]['columns'];

const GROUP_COLUMNS: Columns = [
  { key: 'name', kind: 'text' },
  { key: 'views', kind: 'int' },
  { key: 'readers', kind: 'int' },
  { key: 'previousViews', kind: 'int' },
  { key: 'change', kind: 'pct' },
];
const RISING_COLUMNS: Columns = [
  { key: 'name', kind: 'text' },
  { key: 'views', kind: 'int' },
  { key: 'previousViews', kind: 'int' },
  { key: 'gain', kind: 'int' },
  { key: 'change', kind: 'pct' },
];
const BUCKET_COLUMNS: Columns = [
  { key: 'bucket', kind: 'text' },
  { key: 'views', kind: 'int' },
  { key: 'readers', kind: 'int' },
  { key: 'newReaders', kind: 'int' },
];

/**
 * Per bucket (a local day, week or month), each from the blocks that tile its hours; the period's
 * totals are the buckets' union, and the period before's are read as one range.
 */
async function periodTotals(db: DB, p: Period) {
  const byBucket = new Tallies();
  for (const r of await spanned(db, ['view.all', 'reader.new'], p.bucketRanges))
    byBucket.of(`${r.metric}\n${p.bucketOfHour.get(r.hour)}`).add(r);
  const cur = new Tallies();
  for (const [k, t] of byBucket) cur.of(k.slice(0, k.indexOf('\n'))).addTally(t);
  const prev = new Tallies();
  for (const r of await spanned(db, ['view.all', 'reader.new'], [[p.previous.fromHour, p.previous.toHour]])) prev.of(r.metric).add(r);
  const totals = (t: Tallies) => {
    const readers = t.get('view.all')?.readers ?? 0;
    const fresh = t.get('reader.new')?.readers ?? 0;
    return { views: t.get('view.all')?.n ?? 0, readers, newReaders: fresh, returning: Math.max(0, readers - fresh) };
  };
  return { byBucket, now: totals(cur), before: totals(prev) };
}

/** Per group: readers in the period; the period before only its views (summed in SQL, no sketches read). Most viewed first. */
async function groupTable(db: DB, p: Period, group: Group, titleId: number | undefined) {
  const g = await groups(db, group, titleId);
  const metric = group === 'chapter' ? 'view' : 'view.title';
  const keys = g.keys ? { keys: g.keys } : {};
  const gc = new Tallies();
  const gp = new Tallies();
  for (const [into, range, sum] of [
    [gc, p.range, false],
    [gp, p.previous, true],
  ] as const) {
    for (const r of await spanned(db, [metric], [[range.fromHour, range.toHour]], { ...keys, sum })) {
      const k = g.keyOf.get(r.key);
      if (k !== undefined) into.of(k).add(r);
    }
  }
  const table = [...new Set([...gc.keys(), ...gp.keys()])].map((k) => {
    const c = gc.get(k) ?? new Tally();
    const b = gp.get(k) ?? new Tally();
    return {
      id: k,
      name: g.label.get(k) ?? k,
      views: c.n,
      readers: c.readers,
      previousViews: b.n,
      change: change(c.n, b.n),
    };
  });
  table.sort((a, b) => b.views - a.views || a.name.localeCompare(b.name));
  return table;
}

/** The ten rows that gained the most views on the period before. */
function rising(table: Awaited<ReturnType<typeof groupTable>>) {
  return table
    .filter((r) => r.views > r.previousViews)
    .sort((a, b) => b.views - b.previousViews - (a.views - a.previousViews))
    .slice(0, 10)
    .map((r) => ({
      id: r.id,
      name: r.name,
      views: r.views,
      previousViews: r.previousViews,
      gain: r.views - r.previousViews,
      change: r.change,
    }));
}
