import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { ConsoleUploadTable } from '../../db/schemaCatalog.js';

export type UploadRow = Selectable<ConsoleUploadTable>;

/** Chapter uploads (console_uploads): tus's uploads as the console knows them; their bytes are files under <dataDir>/uploads. */
export function uploadsRepo(db: DB) {
  return {
    async add(u: Insertable<ConsoleUploadTable>): Promise<void> {
      await db.insertInto('console_uploads').values(u).execute();
    },

    async finish(id: string): Promise<void> {
      await db.updateTable('console_uploads').set({ finished: 1 }).where('id', '=', id).execute();
    },

    /** The chapter an upload is for (undefined: no such upload). */
    async chapterOf(id: string): Promise<number | undefined> {
      const r = await db.selectFrom('console_uploads').select(['chapter_id']).where('id', '=', id).executeTakeFirst();
      return r?.chapter_id;
    },

    /** Those of the given uploads that are the chapter's. */
    ofChapter: (chapterId: number, ids: string[]): Promise<UploadRow[]> =>
      db.selectFrom('console_uploads').selectAll().where('id', 'in', ids).where('chapter_id', '=', chapterId).execute(),

    async idsOfChapter(chapterId: number): Promise<string[]> {
      const rows = await db.selectFrom('console_uploads').select('id').where('chapter_id', '=', chapterId).execute();
      return rows.map((r) => r.id);
    },

    async remove(ids: string[]): Promise<void> {
      await db.deleteFrom('console_uploads').where('id', 'in', ids).execute();
    },

    async removeOfChapter(chapterId: number): Promise<void> {
      await db.deleteFrom('console_uploads').where('chapter_id', '=', chapterId).execute();
    },
  };
}
