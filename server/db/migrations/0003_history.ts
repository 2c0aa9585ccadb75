import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Reading positions: where each visitor was in each title (the chapter and
 * page last read), the basis of the reading history (server/repos/history.ts).
 * client_ms is the reader's own clock when the position was taken: a write
 * older than the stored one is stale and ignored.
 */
export function history(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const int = 'integer' as const;
      await db.schema
        .createTable('reading_positions')
        .addColumn('visitor_token', 'text', (c) => c.notNull())
        .addColumn('title_id', int, (c) => c.notNull())
        .addColumn('chapter_id', int, (c) => c.notNull())
        .addColumn('item', int, (c) => c.notNull())
        .addColumn('page', int, (c) => c.notNull())
        .addColumn('page_count', int, (c) => c.notNull())
        .addColumn('client_ms', 'double precision', (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .addPrimaryKeyConstraint('reading_positions_pk', ['visitor_token', 'title_id'])
        .execute();
      await db.schema.createIndex('reading_positions_recent').on('reading_positions').columns(['visitor_token', 'updated_at']).execute();
    },
  };
}
