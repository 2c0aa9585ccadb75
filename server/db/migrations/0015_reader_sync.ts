import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Page bookmarks with a note (page_bookmarks, one per visitor,
 * chapter and viewer item), the reader settings a visitor keeps on the server
 * so linked devices share them (reader_settings: JSON text), and linking a
 * device without an account: device_links says which group's data a device
 * token reads and writes (server/repos/deviceLinks.ts), link_codes the
 * single-use codes (only their SHA-256 is stored), link_failures the wrong
 * codes tried, counted per client address and per device.
 */
export function readerSync(dialect: Dialect) {
  const serial = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const int = 'integer' as const;
      await serial(db.schema.createTable('page_bookmarks'))
        .addColumn('visitor_token', 'text', (c) => c.notNull())
        .addColumn('title_id', int, (c) => c.notNull())
        .addColumn('chapter_id', int, (c) => c.notNull())
        .addColumn('item', int, (c) => c.notNull())
        .addColumn('page', int, (c) => c.notNull())
        .addColumn('page_count', int, (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .addUniqueConstraint('page_bookmarks_place', ['visitor_token', 'chapter_id', 'item'])
        .execute();
      await db.schema.createIndex('page_bookmarks_recent').on('page_bookmarks').columns(['visitor_token', 'updated_at']).execute();

      await db.schema
        .createTable('reader_settings')
        .addColumn('visitor_token', 'text', (c) => c.primaryKey())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('device_links')
        .addColumn('device_token', 'text', (c) => c.primaryKey())
        .addColumn('group_key', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('device_links_group').on('device_links').column('group_key').execute();

      await db.schema
        .createTable('link_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('owner_token', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('expires_at', int, (c) => c.notNull())
        /** waiting | claimed | used */
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_name', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('link_codes_owner').on('link_codes').columns(['owner_token', 'created_at']).execute();
      await db.schema.createIndex('link_codes_claimed').on('link_codes').column('claimed_by').execute();

      await db.schema
        .createTable('link_failures')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', int, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('link_failures_key').on('link_failures').columns(['key', 'at']).execute();
    },
  };
}
