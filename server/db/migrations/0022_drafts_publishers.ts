import type { Kysely } from 'kysely';

/**
 * Drafts and publishers (issue 47). A title made in the console is a draft
 * (`draft` 1): readers see it once one of its chapters is released, or once
 * an editor publishes it with a "coming soon" page (`soon_at`, the date
 * shown, and `soon_text`, the schedule; `draft` back to 0). Rows made before
 * (the seeded and imported catalog) are not drafts. Publishers get a logo and
 * a version, so the console edits them as it does its other rows.
 */
export function draftsPublishers() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('titles')
        .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('titles')
        .addColumn('soon_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('titles')
        .addColumn('soon_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('publishers')
        .addColumn('logo_image_url', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('publishers')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('publishers').dropColumn('version').execute();
      await db.schema.alterTable('publishers').dropColumn('logo_image_url').execute();
      await db.schema.alterTable('titles').dropColumn('soon_text').execute();
      await db.schema.alterTable('titles').dropColumn('soon_at').execute();
      await db.schema.alterTable('titles').dropColumn('draft').execute();
    },
  };
}
