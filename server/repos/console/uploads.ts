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

    async finish(id: string, now: number): Promise<void> {
      await db.updateTable('console_uploads').set({ finished: 1, finished_at: now }).where('id', '=', id).execute();
    },

    /** Its chapter and declared length (undefined: no such upload). */
    row: (id: string): Promise<Pick<UploadRow, 'chapter_id' | 'size'> | undefined> =>
      db.selectFrom('console_uploads').select(['chapter_id', 'size']).where('id', '=', id).executeTakeFirst(),

    /** Bytes declared by the uploads a chapter or a member holds now (each row is in flight until its job consumes it or the sweep takes it). */
    async bytesHeld(by: { chapterId: number } | { memberId: number }): Promise<number> {
      const r = await db
        .selectFrom('console_uploads')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size'), eb.val(0)).as('bytes'))
        .where('chapterId' in by ? 'chapter_id' : 'member_id', '=', 'chapterId' in by ? by.chapterId : by.memberId)
        .executeTakeFirstOrThrow();
      return Number(r.bytes);
    },

    /**
     * Uploads past their lifetime: unfinished and made before `unfinishedBefore`,
     * or finished before `unprocessedBefore` (rows from before 0021: made before
     * it) and not in a job that is queued or running.
     */
    async expired(unfinishedBefore: number, unprocessedBefore: number): Promise<string[]> {
      const rows = await db
        .selectFrom('console_uploads as u')
        .leftJoin('console_chapters as c', 'c.id', 'u.chapter_id')
        .select('u.id')
        .where((eb) =>
          eb.or([
            eb.and([eb('u.finished', '=', 0), eb('u.created_at', '<', unfinishedBefore)]),
            eb.and([
              eb('u.finished', '=', 1),
              eb(eb.fn.coalesce('u.finished_at', 'u.created_at'), '<', unprocessedBefore),
              eb.or([eb('c.job_state', 'is', null), eb('c.job_state', 'not in', ['queued', 'running'])]),
            ]),
          ]),
        )
        .execute();
      return rows.map((r) => r.id);
    },

    /** Which of these upload ids have a row (the sweep's test of a file on disk). */
    async known(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('console_uploads').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
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
