import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { ConsolePreviewTable } from '../../db/schemaCatalog.js';

export type PreviewRow = Selectable<ConsolePreviewTable>;

/** Staff preview links of chapters (console_previews), kept by their token's SHA-256 only. */
export function chapterPreviewsRepo(db: DB) {
  return {
    /** The unexpired link of this hash. */
    valid: (tokenHash: string, now: number): Promise<PreviewRow | undefined> =>
      db.selectFrom('console_previews').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst(),

    async add(p: Insertable<ConsolePreviewTable>): Promise<void> {
      await db.insertInto('console_previews').values(p).execute();
    },

    async removeExpired(now: number): Promise<void> {
      await db.deleteFrom('console_previews').where('expires_at', '<=', now).execute();
    },

    async removeOfChapter(chapterId: number): Promise<void> {
      await db.deleteFrom('console_previews').where('chapter_id', '=', chapterId).execute();
    },
  };
}
