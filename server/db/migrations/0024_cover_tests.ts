import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Cover tests (issue 48): a title's cover or thumbnail image against up to
 * two others for a period. `images` is the variants' URLs (JSON, 1 to 3; the
 * first the title's image when the test was made). Which variant a visitor
 * sees is computed from their id (core/console/coverTests.ts), so no row is
 * stored per visitor; the counts are rollup rows (stats_hourly: ct.imp,
 * ct.tap, ct.read, keyed by the test, the variant as the dim). At `ends_at`
 * one node's job (a conditional update of `state`) ends it once.
 */
export function coverTests(dialect: Dialect) {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('cover_tests')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('title_id', 'integer', (c) => c.notNull())
        // 'portrait' | 'landscape'
        .addColumn('slot', 'text', (c) => c.notNull())
        // 'draft' | 'running' | 'ended'
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('starts_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('ends_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('winner', 'integer', (c) => c.notNull().defaultTo(-1))
        // '' | 'editor' | 'period'
        .addColumn('ended_by', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('cover_tests_state').on('cover_tests').columns(['state', 'ends_at']).execute();
      await db.schema.createIndex('cover_tests_title').on('cover_tests').column('title_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('cover_tests').execute();
    },
  };
}
