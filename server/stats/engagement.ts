import type { DB } from '../db/index.js';
import type { Dashboard } from '../../core/console/schemas/stats.js';
import { Hll } from '../lib/hll.js';
import { inRange, overlap, rollups, spanned, Tallies, Tally, type Period } from './query.js';

const periodOf = (p: Period) => ({ tz: p.tz, from: p.from, to: p.to, by: p.by });
const DAY_HOURS = 24;

/**
 * How far readers get through one chapter: of the readers whose position
 * reached each page (a reader counts at every page they saved a position
 * on, so page p's reach is the union of pages p and later), where they
 * stopped, and how many opened the next chapter of the title.
 */
export async function reachDashboard(db: DB, p: Period, chapterId: number): Promise<Dashboard> {
  const rows = await spanned(db, ['reach'], [[p.range.fromHour, p.range.toHour]], { keys: [chapterId] });
  const perPage = new Map<number, Hll>();
  for (const r of rows) {
    const page = Number(r.dim);
    const h = perPage.get(page) ?? new Hll();
    if (r.sketch) h.merge(Hll.parse(r.sketch));
    perPage.set(page, h);
  }
  const pages = [...perPage.keys()].sort((a, b) => a - b);
  const last = pages[pages.length - 1] ?? 0;
  const reach: number[] = [];
  const union = new Hll();
  for (let page = last; page >= 1; page--) {
    const h = perPage.get(page);
    if (h) union.merge(h);
    reach[page] = union.count();
  }
  const readers = reach[1] ?? 0;
  const table = [];
  for (let page = 1; page <= last; page++) {
    const here = reach[page] ?? 0;
    const stopped = here - (reach[page + 1] ?? 0);
    table.push({ page, readers: here, share: readers ? here / readers : 0, stopped, stopShare: readers ? stopped / readers : 0 });
  }
  const chapter = await db.selectFrom('chapters').select(['title_id', 'seq']).where('id', '=', chapterId).executeTakeFirst();
  const next = chapter
    ? await db
        .selectFrom('chapters')
        .select('id')
        .where('title_id', '=', chapter.title_id)
        .where('seq', '>', chapter.seq)
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const views = await spanned(db, ['view'], [[p.range.fromHour, p.range.toHour]], { keys: next ? [chapterId, next.id] : [chapterId] });
  const opened = new Tallies();
  for (const r of views) opened.of(String(r.key)).add(r);
  const a = opened.get(String(chapterId))?.hll ?? null;
  const goOn = next ? overlap(a, opened.get(String(next.id))?.hll ?? null) : 0;
  const openedN = a?.count() ?? 0;
  return {
    period: periodOf(p),
    totals: [
      { name: 'readers', value: openedN, previous: null },
      { name: 'positionReaders', value: readers, previous: null },
      { name: 'goOn', value: goOn, previous: null },
      { name: 'goOnRate', value: openedN ? goOn / openedN : 0, previous: null },
    ],
    charts: [{ id: 'reach', buckets: table.map((r) => String(r.page)), series: [{ name: 'share', values: table.map((r) => r.share) }] }],
    tables: [
      {
        id: 'pages',
        columns: [
          { key: 'page', kind: 'int' },
          { key: 'readers', kind: 'int' },
          { key: 'share', kind: 'pct' },
          { key: 'stopped', kind: 'int' },
          { key: 'stopShare', kind: 'pct' },
        ],
        rows: table,
      },
    ],
  };
}

/** Counts of some metrics per bucket and per key over the period and the one before. */
export async function counted(db: DB, p: Period, metrics: readonly string[], keyOf: (r: { key: number; dim: string }) => string) {
  const rows = await rollups(db, metrics, p.previous.fromHour, p.range.toHour, { sketches: false });
  const buckets = new Tallies();
  const cur = new Tallies();
  const prev = new Tallies();
  const perKey = new Tallies();
  const prevPerKey = new Tallies();
  for (const r of rows) {
    if (inRange(r.hour, p.range)) {
      cur.of(r.metric).add(r);
      buckets.of(`${r.metric}\n${p.bucketOfHour.get(r.hour)}`).add(r);
      perKey.of(`${r.metric}\n${keyOf(r)}`).add(r);
    } else {
      prev.of(r.metric).add(r);
      prevPerKey.of(`${r.metric}\n${keyOf(r)}`).add(r);
    }
  }
  const keys = [...new Set(rows.filter((r) => inRange(r.hour, p.range)).map((r) => keyOf(r)))];
  const n = (t: Tallies, k: string) => t.get(k)?.n ?? 0;
  const series = (m: string) => p.buckets.map((b) => n(buckets, `${m}\n${b}`));
  return { cur, prev, perKey, prevPerKey, keys, n, series };
}

async function titleNames(db: DB): Promise<Map<string, string>> {
  const rows = await db.selectFrom('titles').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [String(r.id), r.name]));
}

/** Favorites gained and lost per bucket and per title. */
export async function favoritesDashboard(db: DB, p: Period): Promise<Dashboard> {
  const c = await counted(db, p, ['fav.add', 'fav.del'], (r) => String(r.key));
  const names = await titleNames(db);
  const rows = c.keys.map((k) => {
    const added = c.n(c.perKey, `fav.add\n${k}`);
    const removed = c.n(c.perKey, `fav.del\n${k}`);
    return { id: k, name: names.get(k) ?? k, added, removed, net: added - removed };
  });
  rows.sort((a, b) => b.net - a.net || a.name.localeCompare(b.name));
  const tot = (t: Tallies, m: string) => t.get(m)?.n ?? 0;
  return {
    period: periodOf(p),
    totals: [
      { name: 'added', value: tot(c.cur, 'fav.add'), previous: tot(c.prev, 'fav.add') },
      { name: 'removed', value: tot(c.cur, 'fav.del'), previous: tot(c.prev, 'fav.del') },
    ],
    charts: [
      {
        id: 'favorites',
        buckets: p.buckets,
        series: [
          { name: 'added', values: c.series('fav.add') },
          { name: 'removed', values: c.series('fav.del') },
        ],
      },
    ],
    tables: [
      {
        id: 'titles',
        columns: [
          { key: 'name', kind: 'text' },
          { key: 'added', kind: 'int' },
          { key: 'removed', kind: 'int' },
          { key: 'net', kind: 'int' },
        ],
        rows,
      },
    ],
  };
}

/**
 * Release notifications per chapter whose sends fell in the period: sent
 * (tries that ended), accepted by the push service, failed, expired, and the
 * notified readers who opened the chapter within 24 hours of the last send
 * hour (notified ∩ viewers, from the two sketches).
 */
export async function notificationsDashboard(db: DB, p: Period): Promise<Dashboard> {
  const metrics = ['push.try', 'push.ok', 'push.failed', 'push.expired'];
  const rows = await rollups(db, metrics, p.range.fromHour, p.range.toHour);
  const per = new Tallies();
  const lastHour = new Map<number, number>();
  const firstHour = new Map<number, number>();
  for (const r of rows) {
    per.of(`${r.metric}\n${r.key}`).add(r);
    lastHour.set(r.key, Math.max(lastHour.get(r.key) ?? 0, r.hour));
    firstHour.set(r.key, Math.min(firstHour.get(r.key) ?? Infinity, r.hour));
  }
  const chapters = [...lastHour.keys()];
  const names = new Map(
    chapters.length
      ? (
          await db
            .selectFrom('chapters')
            .innerJoin('titles', 'titles.id', 'chapters.title_id')
            .select(['chapters.id', 'chapters.name', 'titles.name as title'])
            .where('chapters.id', 'in', chapters)
            .execute()
        ).map((r) => [r.id, `${r.title} · ${r.name}`])
      : [],
  );
  const table: {
    id: number;
    name: string;
    sent: number;
    accepted: number;
    failed: number;
    expired: number;
    opened24h: number;
    openRate: number;
  }[] = [];
  for (const id of chapters) {
    const views = await spanned(db, ['view'], [[firstHour.get(id)!, lastHour.get(id)! + 1 + DAY_HOURS]], { keys: [id] });
    const viewers = new Tally();
    for (const v of views) viewers.add(v);
    const n = (m: string) => per.get(`${m}\n${id}`)?.n ?? 0;
    const accepted = n('push.ok');
    const opened = overlap(per.get(`push.ok\n${id}`)?.hll ?? null, viewers.hll);
    table.push({
      id,
      name: names.get(id) ?? String(id),
      sent: n('push.try'),
      accepted,
      failed: n('push.failed'),
      expired: n('push.expired'),
      opened24h: opened,
      openRate: accepted ? opened / accepted : 0,
    });
  }
  table.sort((a, b) => b.sent - a.sent || a.id - b.id);
  const sum = (k: 'sent' | 'accepted' | 'failed' | 'expired' | 'opened24h') => table.reduce((s, r) => s + r[k], 0);
  return {
    period: periodOf(p),
    totals: (['sent', 'accepted', 'failed', 'expired', 'opened24h'] as const).map((k) => ({ name: k, value: sum(k), previous: null })),
    charts: [
      {
        id: 'notifications',
        buckets: table.map((r) => r.name),
        series: (['accepted', 'failed', 'expired', 'opened24h'] as const).map((k) => ({ name: k, values: table.map((r) => r[k]) })),
      },
    ],
    tables: [
      {
        id: 'releases',
        columns: ['name', 'sent', 'accepted', 'failed', 'expired', 'opened24h', 'openRate'].map((key) => ({
          key,
          kind: key === 'name' ? ('text' as const) : key === 'openRate' ? ('pct' as const) : ('int' as const),
        })),
        rows: table,
      },
    ],
  };
}
