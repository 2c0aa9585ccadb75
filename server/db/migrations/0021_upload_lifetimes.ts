import type { Kysely } from 'kysely';

/**
 * Whose a chapter upload is and when it finished (issue 46): the bytes a
 * member or a chapter holds in flight are counted from these rows
 * (UPLOAD_MEMBER_QUOTA_MIB, UPLOAD_CHAPTER_QUOTA_MIB), and an upload left
 * unfinished or unprocessed past its lifetime is swept
 * (server/console/catalog/uploadSweep.ts). Rows made before have neither:
 * they count for their chapter only, and age from their creation.
 */
export function uploadLifetimes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('console_uploads').addColumn('member_id', 'integer').execute();
      await db.schema.alterTable('console_uploads').addColumn('finished_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('console_uploads').dropColumn('finished_at').execute();
      await db.schema.alterTable('console_uploads').dropColumn('member_id').execute();
    },
  };
}
