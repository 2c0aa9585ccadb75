import { sql, type Selectable } from 'kysely';
import type { DB } from '../db/index.js';
import type { SeriesTable, TitleTable } from '../db/schema.js';
import { DAY } from '../lib/clock.js';

type SeriesRow = Selectable<SeriesTable>;
export type TitleRow = Selectable<TitleTable>;

interface LatestChapter {
  id: number;
  seq: number;
  name: string;
  sub_title: string;
  start_ts: number;
  is_vertical_only: number;
  is_horizontal_only: number;
}

interface TitleAgg {
  /** Released chapters (start_ts <= now). */
  released: number;
  latest?: LatestChapter;
  /** Start of the next unreleased chapter, 0 = none. */
  nextStart: number;
}

interface SeriesScores {
  hottest: number;
  trending: number;
  completed: number;
}

/** Everything list views need about the catalog, read in a handful of queries. */
export interface Snapshot {
  at: number;
  series: Map<number, SeriesRow>;
  titles: TitleRow[];
  titlesById: Map<number, TitleRow>;
  /** Language titles of each series, by language. */
  titlesBySeries: Map<number, TitleRow[]>;
  tagsBySeries: Map<number, { tag: string; slug: string }[]>;
  allTags: { tag: string; slug: string }[];
  agg: Map<number, TitleAgg>;
  scores: Map<number, SeriesScores>;
}

const clamp = (n: number) => Math.max(0, Math.min(0xffffffff, Math.round(Number(n) || 0)));

/** Catalog reads: the list snapshot and the score inputs. */
export function catalogRepo(db: DB) {
  return {
    recentChapters: recentChaptersRepo(db),

    async titleExists(id: number): Promise<boolean> {
      return (await db.selectFrom('titles').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async snapshot(now: number): Promise<Snapshot> {
      const [series, titles, tagRows, releasedRows, latestRows, nextRows, windows, live] = await Promise.all([
        db.selectFrom('series').selectAll().orderBy('id').execute(),
        db.selectFrom('titles').selectAll().orderBy('id').execute(),
        seriesTags(db),
        releasedCounts(db, now),
        latestChapters(db, now),
        nextStarts(db, now),
        viewWindows(db, now),
        liveViews(db, now),
      ]);
      const shown = readersSee(titles, releasedRows);
      const snap: Snapshot = {
        at: now,
        series: new Map(series.map((s) => [s.id, s])),
        titles: shown,
        titlesById: new Map(shown.map((t) => [t.id, t])),
        titlesBySeries: new Map(),
        tagsBySeries: new Map(),
        allTags: [],
        agg: new Map(),
        scores: new Map(),
      };
      groupTitles(snap);
      groupTags(snap, tagRows);
      addChapterAggregates(snap, releasedRows, latestRows, nextRows);
      addScores(snap, series, windows, live);
      return snap;
    },
  };
}

const seriesTags = (db: DB) =>
  db
    .selectFrom('series_tags')
    .innerJoin('tags', 'tags.id', 'series_tags.tag_id')
    .select(['series_tags.series_id', 'tags.tag', 'tags.slug', 'tags.id'])
    .orderBy('tags.id')
    .execute();

/** Released chapters per title. */
const releasedCounts = (db: DB, now: number) =>
  db
    .selectFrom('chapters')
    .where('start_ts', '<=', now)
    .select(['title_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('title_id')
    .execute();

/** Each title's latest released chapter (the highest seq released). */
const latestChapters = (db: DB, now: number) =>
  db
    .selectFrom('chapters as c')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('chapters')
          .where('start_ts', '<=', now)
          .select(['title_id', (e) => e.fn.max('seq').as('mseq')])
          .groupBy('title_id')
          .as('m'),
      (j) => j.onRef('m.title_id', '=', 'c.title_id').onRef('m.mseq', '=', 'c.seq'),
    )
    .select(['c.id', 'c.title_id', 'c.seq', 'c.name', 'c.sub_title', 'c.start_ts', 'c.is_vertical_only', 'c.is_horizontal_only'])
    .execute();

/** Each title's next start, of the chapters not released yet. */
const nextStarts = (db: DB, now: number) =>
  db
    .selectFrom('chapters')
    .where('start_ts', '>', now)
    .select(['title_id', (eb) => eb.fn.min('start_ts').as('next')])
    .groupBy('title_id')
    .execute();

/** Catalog views attributed to the week a chapter came out. */
const viewWindows = (db: DB, now: number) =>
  db
    .selectFrom('chapters')
    .where('start_ts', '<=', now)
    .select([
      'title_id',
      sql<number>`sum(case when start_ts > ${now - 28 * DAY} then view_count else 0 end)`.as('r28'),
      sql<number>`sum(case when start_ts > ${now - 7 * DAY} then view_count else 0 end)`.as('w1'),
      sql<number>`sum(case when start_ts > ${now - 14 * DAY} and start_ts <= ${now - 7 * DAY} then view_count else 0 end)`.as('w0'),
    ])
    .groupBy('title_id')
    .execute();

/**
 * Live views recorded by this service: the analyst's hourly rollups per title,
 * so the reader's ranking and the console's figures agree.
 */
function liveViews(db: DB, now: number) {
  const today = Math.floor(now / DAY);
  // Whole UTC days: the titles' day blocks, which old hours are compacted into (server/stats/compaction.ts).
  return db
    .selectFrom('stats_hourly as h')
    .where('h.metric', '=', 'view.title:day')
    .where('h.hour', '>=', (today - 27) * 24)
    .select([
      'h.key as title_id',
      sql<number>`sum(h.n)`.as('r28'),
      sql<number>`sum(case when h.hour >= ${(today - 6) * 24} then h.n else 0 end)`.as('w1'),
      sql<number>`sum(case when h.hour >= ${(today - 13) * 24} and h.hour < ${(today - 6) * 24} then h.n else 0 end)`.as('w0'),
    ])
    .groupBy('h.key')
    .execute();
}

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

/**
 * The titles readers see: a draft (made in the console, not published as
 * coming soon) only once one of its chapters is released. Every reader
 * surface is built from the snapshot, so a draft is in no list, search,
 * ranking, title page or client answer, and nothing in them points at one.
 */
function readersSee(titles: TitleRow[], releasedRows: Rows<typeof releasedCounts>): TitleRow[] {
  const released = new Set(releasedRows.filter((r) => Number(r.n) > 0).map((r) => r.title_id));
  return titles.filter((t) => t.draft !== 1 || released.has(t.id));
}

/** The language titles of each series, by language. */
function groupTitles(snap: Snapshot): void {
  for (const t of snap.titles) {
    const list = snap.titlesBySeries.get(t.series_id) ?? [];
    list.push(t);
    snap.titlesBySeries.set(t.series_id, list);
  }
  for (const list of snap.titlesBySeries.values()) list.sort((a, b) => a.language - b.language || a.id - b.id);
}

/** Each series' tags, and every tag once, by name. */
function groupTags(snap: Snapshot, tagRows: Rows<typeof seriesTags>): void {
  const seenTag = new Set<string>();
  for (const r of tagRows) {
    const list = snap.tagsBySeries.get(r.series_id) ?? [];
    list.push({ tag: r.tag, slug: r.slug });
    snap.tagsBySeries.set(r.series_id, list);
    if (!seenTag.has(r.slug)) {
      seenTag.add(r.slug);
      snap.allTags.push({ tag: r.tag, slug: r.slug });
    }
  }
  snap.allTags.sort((a, b) => a.tag.localeCompare(b.tag, 'en'));
}

/** Per title: released chapters, the latest of them, and the next start. */
function addChapterAggregates(
  snap: Snapshot,
  releasedRows: Rows<typeof releasedCounts>,
  latestRows: Rows<typeof latestChapters>,
  nextRows: Rows<typeof nextStarts>,
): void {
  for (const r of releasedRows) snap.agg.set(r.title_id, { released: Number(r.n), nextStart: 0 });
  for (const r of latestRows) {
    const a = snap.agg.get(r.title_id) ?? { released: 0, nextStart: 0 };
    a.latest = r;
    snap.agg.set(r.title_id, a);
  }
  for (const r of nextRows) {
    const a = snap.agg.get(r.title_id) ?? { released: 0, nextStart: 0 };
    a.nextStart = Number(r.next);
    snap.agg.set(r.title_id, a);
  }
}

/** Scores per series (documented in README, "Ranking scores"), from the catalog's view windows and the live views. */
function addScores(snap: Snapshot, series: SeriesRow[], windows: Rows<typeof viewWindows>, live: Rows<typeof liveViews>): void {
  const per = new Map<number, { r28: number; w1: number; w0: number }>();
  const add = (titleId: number, r: { r28: number; w1: number; w0: number }) => {
    const t = snap.titlesById.get(titleId);
    if (!t) return;
    const s = per.get(t.series_id) ?? { r28: 0, w1: 0, w0: 0 };
    s.r28 += Number(r.r28) || 0;
    s.w1 += Number(r.w1) || 0;
    s.w0 += Number(r.w0) || 0;
    per.set(t.series_id, s);
  };
  for (const r of windows) add(r.title_id, r);
  for (const r of live) add(r.title_id, r);
  for (const s of series) {
    const w = per.get(s.id) ?? { r28: 0, w1: 0, w0: 0 };
    const total = (snap.titlesBySeries.get(s.id) ?? []).reduce((n, t) => n + t.view_count, 0);
    snap.scores.set(s.id, {
      hottest: clamp(w.r28),
      trending: clamp(w.w1 - w.w0),
      completed: clamp(total + w.r28),
    });
  }
}

/** Chapters released in [since, now], newest first (for the daily groups and the updated list). */
function recentChaptersRepo(db: DB) {
  return (since: number, now: number) =>
    db
      .selectFrom('chapters')
      .where('start_ts', '>', since)
      .where('start_ts', '<=', now)
      .select(['id', 'title_id', 'seq', 'name', 'sub_title', 'start_ts', 'is_vertical_only', 'is_horizontal_only'])
      .orderBy('start_ts', 'desc')
      .orderBy('id')
      .execute();
}
