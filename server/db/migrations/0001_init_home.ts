import type { Kysely, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../dialect.js';

// The home's and the readers' voice's tables of the initial schema; 0001_init.ts runs them in its order.

const int = 'integer' as const;

/** An `id` the database numbers: serial on PostgreSQL, an autoincrementing integer on SQLite. */
const serialId =
  (dialect: Dialect) =>
  <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

/** The home: banners, featured lists, popups, announcements and publisher news. */
export async function homeTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('banners')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('placement', 'text', (c) => c.notNull())
    .addColumn('title_id', int, (c) => c.notNull().defaultTo(0))
    .addColumn('publisher_id', int, (c) => c.notNull().defaultTo(0))
    .addColumn('language', int, (c) => c.notNull().defaultTo(-1))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('width', int, (c) => c.notNull())
    .addColumn('height', int, (c) => c.notNull())
    .addColumn('action_method', int, (c) => c.notNull().defaultTo(0))
    .addColumn('action_url', 'text', (c) => c.notNull())
    .addColumn('is_pr', int, (c) => c.notNull().defaultTo(0))
    .addColumn('sort', int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('banners_placement').on('banners').column('placement').execute();

  await db.schema
    .createTable('featured_lists')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('container_id', int, (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sort', int, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('featured_list_items')
    .addColumn('list_id', int, (c) => c.notNull())
    .addColumn('series_id', int, (c) => c.notNull())
    .addColumn('sort', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('featured_list_items_pk', ['list_id', 'series_id'])
    .execute();

  await db.schema
    .createTable('popups')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('placement', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('language', int, (c) => c.notNull().defaultTo(-1))
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_method', int, (c) => c.notNull().defaultTo(0))
    .addColumn('action_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('series_id', int, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('announcements')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('language', int, (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('date', int, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('publisher_news')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('publisher_id', int, (c) => c.notNull())
    .addColumn('language', int, (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('published_ts', int, (c) => c.notNull())
    .addColumn('action_url', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

/** The readers' voice and the logs: questionnaires and answers, taps, contacts. */
export async function voiceTables(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = serialId(dialect);
  await db.schema
    .createTable('questionnaires')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('answered_subject', 'text', (c) => c.notNull())
    .addColumn('answered_body', 'text', (c) => c.notNull())
    .addUniqueConstraint('questionnaires_key_lang', ['key', 'lang'])
    .execute();
  await db.schema
    .createTable('questionnaire_answers')
    .addColumn('visitor_token', 'text', (c) => c.notNull())
    .addColumn('questionnaire_key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('os', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('os_ver', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_ver', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secret', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('questionnaire_answers_pk', ['visitor_token', 'questionnaire_key'])
    .execute();

  await serial(db.schema.createTable('tap_logs'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('banner_id', int, (c) => c.notNull().defaultTo(0))
    .addColumn('title_id', int, (c) => c.notNull().defaultTo(0))
    .addColumn('popup_id', int, (c) => c.notNull().defaultTo(0))
    .addColumn('banner_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visitor_token', 'text', (c) => c.notNull())
    .addColumn('created_at', int, (c) => c.notNull())
    .execute();

  await serial(db.schema.createTable('contacts'))
    .addColumn('visitor_token', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', int, (c) => c.notNull())
    .execute();
}
