import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { ChapterTable, PageTable } from '../../db/schema.js';
import type { ChapterRow } from '../chapters.js';

/**
 * The reader's rows of a console chapter once released (chapters, pages):
 * written here when the console schedules, moves, takes back, takes down or
 * restores a chapter; read by readers through server/repos/chapters.ts.
 */
export function releasesRepo(db: DB) {
  return {
    row: (id: number): Promise<ChapterRow | undefined> => db.selectFrom('chapters').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Another chapter readers know of the title has this name. */
    async nameTaken(titleId: number, name: string, except: number): Promise<boolean> {
      const r = await db
        .selectFrom('chapters')
        .select('id')
        .where('title_id', '=', titleId)
        .where('name', '=', name)
        .where('id', '!=', except)
        .executeTakeFirst();
      return !!r;
    },

    /** The largest reading order among the title's chapters (0: none). */
    async maxSeq(titleId: number): Promise<number> {
      const r = await db
        .selectFrom('chapters')
        .select((eb) => eb.fn.max('seq').as('m'))
        .where('title_id', '=', titleId)
        .executeTakeFirst();
      return Number(r?.m ?? 0);
    },

    /** How many reader pages the chapter has. */
    async pageCount(id: number): Promise<number> {
      const r = await db
        .selectFrom('pages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('chapter_id', '=', id)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /** The chapter's row and its pages (idx in the order given). */
    async add(chapter: Insertable<ChapterTable>, pages: Omit<Insertable<PageTable>, 'chapter_id' | 'idx'>[]): Promise<void> {
      await db.insertInto('chapters').values(chapter).execute();
      await db
        .insertInto('pages')
        .values(pages.map((p, idx) => ({ ...p, chapter_id: chapter.id, idx })))
        .execute();
    },

    async set(id: number, set: Omit<Updateable<ChapterTable>, 'id'>): Promise<void> {
      await db.updateTable('chapters').set(set).where('id', '=', id).execute();
    },

    /** The chapter's pages, then its row. */
    async remove(id: number): Promise<void> {
      await db.deleteFrom('pages').where('chapter_id', '=', id).execute();
      await db.deleteFrom('chapters').where('id', '=', id).execute();
    },
  };
}
