import type { Kysely } from 'kysely';

/**
 * Banner tests (issue 48): a home banner's image tested like a title's cover.
 * A cover test of slot 'banner' names its banner here (0: a title's cover or
 * thumbnail); its `title_id` is the banner's title when the test was made
 * (the banner's own, else the one its action opens; 0: none, and then the
 * winner is picked by tap share, not reading share). Variant 0 is the banner
 * as it is; a winning other variant becomes its image in every language.
 */
export function bannerTests() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('cover_tests')
        .addColumn('banner_id', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('cover_tests_banner').on('cover_tests').column('banner_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('cover_tests_banner').execute();
      await db.schema.alterTable('cover_tests').dropColumn('banner_id').execute();
    },
  };
}
