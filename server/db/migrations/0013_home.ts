import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * What editors shape around the catalog becomes rows with a
 * status (draft or published), a period (start_ts, end_ts: 0 = open-ended),
 * target languages (languages: a JSON array of short codes, [] = every
 * language; rows that leave it empty keep the old one-language column), per-language images
 * and names, and a version for stale-edit checks; surveys get a status and
 * a period; comments a moderation state; feedback a read mark; and the
 * staff's home previews their grants (only the token's hash is stored).
 */
export function home(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const int = 'integer' as const;
      const add = async (table: string, columns: [string, 'text' | 'integer', string | number][]) => {
        for (const [name, type, def] of columns)
          await db.schema
            .alterTable(table)
            .addColumn(name, type, (c) => c.notNull().defaultTo(def))
            .execute();
      };
      const period: [string, 'integer', number][] = [
        ['start_ts', int, 0],
        ['end_ts', int, 0],
      ];
      const editable: [string, 'text' | 'integer', string | number][] = [
        ['status', 'text', 'published'],
        ['version', int, 0],
      ];
      await add('banners', [['languages', 'text', '[]'], ['images', 'text', '{}'], ...period, ...editable]);
      await add('popups', [['languages', 'text', '[]'], ...period, ...editable]);
      await add('featured_lists', [
        ['names', 'text', '{}'],
        ['version', int, 0],
      ]);
      await add('announcements', editable);
      await add('publisher_news', editable);
      await add('questionnaires', [['status', 'text', 'open'], ...period, ['version', int, 0]]);
      await add('comments', [
        ['state', 'text', 'visible'],
        ['reason', 'text', ''],
        ['moderated_at', int, 0],
        ['moderated_by', 'text', ''],
      ]);
      await add('contacts', [['read_at', int, 0]]);
      await db.schema.createIndex('comments_chapter_state').on('comments').columns(['chapter_id', 'state', 'id']).execute();

      await db.schema
        .createTable('home_previews')
        .addColumn('id', dialect === 'postgres' ? 'serial' : int, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('session_id', int, (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('at', int, (c) => c.notNull())
        .addColumn('expires_at', int, (c) => c.notNull())
        .execute();
    },
  };
}
