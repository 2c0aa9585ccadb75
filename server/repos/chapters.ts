import type { Selectable } from 'kysely';
import type { DB } from '../db/index.js';
import type { ChapterTable, PageTable } from '../db/schema.js';

export type ChapterRow = Selectable<ChapterTable>;
export type PageRow = Selectable<PageTable>;

/** Chapters and their pages (the viewer and title detail services read them: server/services/viewer.ts, titleDetail.ts). */
export function chaptersRepo(db: DB) {
  return {
    byId(id: number): Promise<ChapterRow | undefined> {
      return db.selectFrom('chapters').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every chapter of a title (released or not) in reading order. */
    ofTitle(titleId: number): Promise<ChapterRow[]> {
      return db.selectFrom('chapters').selectAll().where('title_id', '=', titleId).orderBy('seq').execute();
    },

    /** Comment counts of the given chapters. */
    async commentCounts(chapterIds: number[]): Promise<Map<number, number>> {
      const out = new Map<number, number>();
      if (chapterIds.length === 0) return out;
      const rows = await db
        .selectFrom('comments')
        .where('chapter_id', 'in', chapterIds)
        // Hidden and deleted comments (issue 32's moderation) are not counted.
        .where('state', '=', 'visible')
        .select(['chapter_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('chapter_id')
        .execute();
      for (const r of rows) out.set(r.chapter_id, Number(r.n));
      return out;
    },

    pages(chapterId: number): Promise<PageRow[]> {
      return db.selectFrom('pages').selectAll().where('chapter_id', '=', chapterId).orderBy('idx').execute();
    },

    /** One page's key (the plain page route decrypts with it), or undefined when the chapter has no such page. */
    async pageKey(chapterId: number, idx: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('pages')
        .select('encryption_key')
        .where('chapter_id', '=', chapterId)
        .where('idx', '=', idx)
        .executeTakeFirst();
      return row?.encryption_key;
    },
  };
}
