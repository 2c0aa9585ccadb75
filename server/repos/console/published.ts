import type { DB } from '../../db/index.js';

/**
 * "Nothing published may point at something unpublished" (part 2's rule): a
 * chapter is released once its start time has passed; a title or a series
 * once one of its chapters is. Issue 31's drafts hold by construction: a
 * draft lives only in the console's tables (no `chapters` row), a scheduled
 * chapter is a row with a later start, a taken-down one has no row. The
 * console's reads of the reader's catalog for that rule (what a banner,
 * popup, news item or featured list may point at).
 */
export function publishedRepo(db: DB) {
  return {
    async chapter(chapterId: number, now: number): Promise<boolean> {
      const r = await db.selectFrom('chapters').select('id').where('id', '=', chapterId).where('start_ts', '<=', now).executeTakeFirst();
      return r !== undefined;
    },

    /** The title a chapter of the catalog belongs to (0: no such chapter). */
    async titleOfChapter(chapterId: number): Promise<number> {
      const r = await db.selectFrom('chapters').select('title_id').where('id', '=', chapterId).executeTakeFirst();
      return r?.title_id ?? 0;
    },

    async title(titleId: number, now: number): Promise<boolean> {
      const r = await db
        .selectFrom('chapters')
        .select('id')
        .where('title_id', '=', titleId)
        .where('start_ts', '<=', now)
        .limit(1)
        .executeTakeFirst();
      return r !== undefined;
    },

    /** The titles of these ids that have a released chapter. */
    async titles(titleIds: number[], now: number): Promise<Set<number>> {
      if (titleIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('chapters')
        .select('title_id')
        .distinct()
        .where('title_id', 'in', titleIds)
        .where('start_ts', '<=', now)
        .execute();
      return new Set(rows.map((r) => r.title_id));
    },

    /** The series of these ids that have a released title. */
    async series(seriesIds: number[], now: number): Promise<Set<number>> {
      if (seriesIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('titles as t')
        .innerJoin('chapters as c', 'c.title_id', 't.id')
        .select('t.series_id')
        .distinct()
        .where('t.series_id', 'in', seriesIds)
        .where('c.start_ts', '<=', now)
        .execute();
      return new Set(rows.map((r) => r.series_id));
    },
  };
}
