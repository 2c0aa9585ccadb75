import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * When a visitor's view of a chapter last counted
 * (viewed_chapters.counted_at: a view counts once per window), an index to
 * age those rows out by viewed_at, and the keys view tokens are signed with
 * (view_token_keys: the newest signs, the one before is accepted for an
 * overlap after a rotation).
 */
export function hardening(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('viewed_chapters')
        .addColumn('counted_at', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('viewed_chapters_viewed_at').on('viewed_chapters').column('viewed_at').execute();
      await db.schema
        .createTable('view_token_keys')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
