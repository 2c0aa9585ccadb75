import type { DB } from '../../db/index.js';

/** A text without LIKE's wildcards (a search for "%" is no search for everything). */
const plain = (s: string) => s.replace(/[%_\\]/g, '').trim();
/** LIKE's pattern for a part of a text. */
const part = (s: string) => `%${plain(s)}%`;

export interface PickTitleRow {
  id: number;
  series_id: number;
  language: number;
  name: string;
  portrait_image_url: string;
}

export interface PickChapterRow {
  id: number;
  title_id: number;
  title_name: string;
  language: number;
  name: string;
  sub_title: string;
  thumbnail_url: string;
  start_ts: number;
}

interface Page {
  limit: number;
  offset: number;
}

/**
 * The pickers' reads of titles and chapters (console/ui/pickers/): a search
 * by a part of a name, case-insensitive on both databases (SQLite's LIKE
 * folds ASCII, PostgreSQL's lower() every script), or known ids. Each page
 * is asked one row longer, so the caller knows whether another follows.
 */
export function picksRepo(db: DB) {
  const titleColumns = ['t.id', 't.series_id', 't.language', 't.name', 't.portrait_image_url'] as const;
  const chapterQuery = () =>
    db
      .selectFrom('chapters as c')
      .innerJoin('titles as t', 't.id', 'c.title_id')
      .select(['c.id', 'c.title_id', 't.name as title_name', 't.language', 'c.name', 'c.sub_title', 'c.thumbnail_url', 'c.start_ts']);
  return {
    /** Every title of a series one of whose titles' names holds `text` (or whose id it is), by series then language. */
    titlesNamed(text: string, page: Page): Promise<PickTitleRow[]> {
      if (!plain(text)) return Promise.resolve([]);
      const like = part(text);
      const id = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : -1;
      return db
        .selectFrom('titles as t')
        .select(titleColumns)
        .where('t.series_id', 'in', (eb) =>
          eb
            .selectFrom('titles as n')
            .select('n.series_id')
            .where((w) =>
              w.or([w('n.name', 'like', like), w(w.fn('lower', ['n.name']), 'like', w.fn('lower', [w.val(like)])), w('n.id', '=', id)]),
            ),
        )
        .orderBy('t.series_id')
        .orderBy('t.language')
        .orderBy('t.id')
        .limit(page.limit + 1)
        .offset(page.offset)
        .execute();
    },

    titlesById: (ids: number[]): Promise<PickTitleRow[]> =>
      ids.length
        ? db.selectFrom('titles as t').select(titleColumns).where('t.id', 'in', ids).orderBy('t.id').execute()
        : Promise.resolve([]),

    titlesOfSeries: (seriesIds: number[]): Promise<PickTitleRow[]> =>
      seriesIds.length
        ? db
            .selectFrom('titles as t')
            .select(titleColumns)
            .where('t.series_id', 'in', seriesIds)
            .orderBy('t.series_id')
            .orderBy('t.language')
            .execute()
        : Promise.resolve([]),

    /** The languages of each of these series' titles. */
    seriesLanguages: (seriesIds: number[]) =>
      seriesIds.length
        ? db.selectFrom('titles').select(['series_id', 'language']).where('series_id', 'in', seriesIds).orderBy('language').execute()
        : Promise.resolve([]),

    /** Which of these titles have a chapter out at `now`. */
    async releasedTitles(titleIds: number[], now: number): Promise<Set<number>> {
      if (!titleIds.length) return new Set();
      const rows = await db
        .selectFrom('chapters')
        .select('title_id')
        .distinct()
        .where('title_id', 'in', titleIds)
        .where('start_ts', '<=', now)
        .execute();
      return new Set(rows.map((r) => r.title_id));
    },

    /** A title's chapters whose name or subtitle holds `text` (or whose id it is; every one for ''), newest first. */
    chaptersOf(titleId: number, text: string, page: Page): Promise<PickChapterRow[]> {
      let s = chapterQuery().where('c.title_id', '=', titleId);
      if (plain(text)) {
        const like = part(text);
        const id = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : -1;
        s = s.where((w) =>
          w.or([
            w('c.name', 'like', like),
            w('c.sub_title', 'like', like),
            w(w.fn('lower', ['c.sub_title']), 'like', w.fn('lower', [w.val(like)])),
            w('c.id', '=', id),
          ]),
        );
      }
      return s
        .orderBy('c.seq', 'desc')
        .orderBy('c.id', 'desc')
        .limit(page.limit + 1)
        .offset(page.offset)
        .execute();
    },

    chaptersById: (ids: number[]): Promise<PickChapterRow[]> =>
      ids.length ? chapterQuery().where('c.id', 'in', ids).orderBy('c.id').execute() : Promise.resolve([]),
  };
}
