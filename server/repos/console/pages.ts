import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { ConsolePageTable } from '../../db/schemaCatalog.js';

export type BoardPage = Selectable<ConsolePageTable>;

/** The page boards of console chapters (console_pages): a board's pages in reading order, their images' folders in the blob store. */
export function pagesRepo(db: DB) {
  return {
    ofChapter: (chapterId: number): Promise<BoardPage[]> =>
      db.selectFrom('console_pages').selectAll().where('chapter_id', '=', chapterId).orderBy('position').execute(),

    /** How many pages each chapter's board has (chapters without any are left out). */
    async counts(chapterIds: number[]): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('console_pages')
        .select(['chapter_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('chapter_id', 'in', chapterIds.length ? chapterIds : [0])
        .groupBy('chapter_id')
        .execute();
      return new Map(rows.map((c) => [c.chapter_id, Number(c.n)]));
    },

    /** A page's image folder, if the page is on that chapter's board. */
    async blob(chapterId: number, pageId: number): Promise<string | undefined> {
      const r = await db
        .selectFrom('console_pages')
        .select('blob')
        .where('id', '=', pageId)
        .where('chapter_id', '=', chapterId)
        .executeTakeFirst();
      return r?.blob;
    },

    /** The image folder of the board's page at a position (0 first). */
    async blobAt(chapterId: number, position: number): Promise<string | undefined> {
      const r = await db
        .selectFrom('console_pages')
        .select('blob')
        .where('chapter_id', '=', chapterId)
        .where('position', '=', position)
        .executeTakeFirst();
      return r?.blob;
    },

    async add(page: Omit<Insertable<ConsolePageTable>, 'id'>): Promise<number> {
      const r = await db.insertInto('console_pages').values(page).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    async remove(ids: number[]): Promise<void> {
      if (ids.length) await db.deleteFrom('console_pages').where('id', 'in', ids).execute();
    },

    async removeOfChapter(chapterId: number): Promise<void> {
      await db.deleteFrom('console_pages').where('chapter_id', '=', chapterId).execute();
    },

    /** Rewrites positions 0..n-1 in the given order. */
    async renumber(chapterId: number, order: number[]): Promise<void> {
      for (let i = 0; i < order.length; i++)
        await db.updateTable('console_pages').set({ position: i }).where('id', '=', order[i]).where('chapter_id', '=', chapterId).execute();
    },

    async setType(chapterId: number, id: number, type: number): Promise<void> {
      await db.updateTable('console_pages').set({ type }).where('id', '=', id).where('chapter_id', '=', chapterId).execute();
    },
  };
}
