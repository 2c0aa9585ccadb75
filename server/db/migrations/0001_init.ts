import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { homeTables, voiceTables } from './0001_init_home.js';

const int = 'integer' as const;

/** The initial schema (see ../schema.ts for what each column means), created group by group in this order. */
export function init(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await visitorTable(db);
      await catalogTables(db);
      await chapterTables(db);
      await visitorStateTables(db);
      await homeTables(db);
      await voiceTables(db, dialect);
      await settingsTable(db);
    },
  };
}

/** The visitors themselves. */
async function visitorTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visitors')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('created_at', int, (c) => c.notNull())
    .addColumn('last_seen', int, (c) => c.notNull())
    .execute();
}

/** The catalogue: series, their titles per language, tags and publishers. */
async function catalogTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('series')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('label', int, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('release_schedule', int, (c) => c.notNull())
    .addColumn('update_timing', int, (c) => c.notNull())
    .addColumn('rating', int, (c) => c.notNull())
    .addColumn('is_simulpub', int, (c) => c.notNull().defaultTo(0))
    .addColumn('plan_type', 'text', (c) => c.notNull().defaultTo('standard'))
    .addColumn('publisher_id', int, (c) => c.notNull())
    .addColumn('start_from_right', int, (c) => c.notNull().defaultTo(0))
    .addColumn('region_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', int, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('titles')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('series_id', int, (c) => c.notNull())
    .addColumn('language', int, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('overview', 'text', (c) => c.notNull())
    .addColumn('portrait_image_url', 'text', (c) => c.notNull())
    .addColumn('landscape_image_url', 'text', (c) => c.notNull())
    .addColumn('title_image_url', 'text', (c) => c.notNull())
    .addColumn('background_image_url', 'text', (c) => c.notNull())
    .addColumn('favorite_image_url', 'text', (c) => c.notNull())
    .addColumn('view_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('update_status', int, (c) => c.notNull().defaultTo(0))
    .addColumn('viewing_period_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('non_appearance_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_new', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', int, (c) => c.notNull())
    .addUniqueConstraint('titles_series_language', ['series_id', 'language'])
    .execute();
  await db.schema.createIndex('titles_language').on('titles').column('language').execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('series_tags')
    .addColumn('series_id', int, (c) => c.notNull())
    .addColumn('tag_id', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('series_tags_pk', ['series_id', 'tag_id'])
    .execute();

  await db.schema
    .createTable('publishers')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('banner_image_url', 'text', (c) => c.notNull())
    .addColumn('banner_width', int, (c) => c.notNull())
    .addColumn('banner_height', int, (c) => c.notNull())
    .execute();
}

/** Chapters, their pages and the comments under them. */
async function chapterTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chapters')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('title_id', int, (c) => c.notNull())
    .addColumn('seq', int, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sub_title', 'text', (c) => c.notNull())
    .addColumn('thumbnail_url', 'text', (c) => c.notNull())
    .addColumn('start_ts', int, (c) => c.notNull())
    .addColumn('end_ts', int, (c) => c.notNull().defaultTo(0))
    .addColumn('is_vertical_only', int, (c) => c.notNull().defaultTo(0))
    .addColumn('is_horizontal_only', int, (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', int, (c) => c.notNull().defaultTo(0))
    .addColumn('ticket_end', int, (c) => c.notNull().defaultTo(0))
    .addColumn('notified_at', int, (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('chapters_title_seq', ['title_id', 'seq'])
    .execute();
  await db.schema.createIndex('chapters_start').on('chapters').column('start_ts').execute();

  await db.schema
    .createTable('pages')
    .addColumn('chapter_id', int, (c) => c.notNull())
    .addColumn('idx', int, (c) => c.notNull())
    .addColumn('type', int, (c) => c.notNull())
    .addColumn('width', int, (c) => c.notNull())
    .addColumn('height', int, (c) => c.notNull())
    .addColumn('encryption_key', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pages_pk', ['chapter_id', 'idx'])
    .execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('chapter_id', int, (c) => c.notNull())
    .addColumn('idx', int, (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('icon_url', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created', int, (c) => c.notNull())
    .addColumn('base_likes', int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('comments_chapter').on('comments').column('chapter_id').execute();
}

/** What a visitor keeps: comment likes, bookmarks, viewed chapters and the push token. */
async function visitorStateTables(db: Kysely<unknown>): Promise<void> {
  for (const [table, col] of [
    ['comment_likes', 'comment_id'],
    ['bookmarks', 'title_id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('visitor_token', 'text', (c) => c.notNull())
      .addColumn(col, int, (c) => c.notNull())
      .addColumn('created_at', int, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['visitor_token', col])
      .execute();
    await db.schema.createIndex(`${table}_${col}`).on(table).column(col).execute();
  }

  await db.schema
    .createTable('viewed_chapters')
    .addColumn('visitor_token', 'text', (c) => c.notNull())
    .addColumn('chapter_id', int, (c) => c.notNull())
    .addColumn('last_page', int, (c) => c.notNull().defaultTo(0))
    .addColumn('viewed_at', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('viewed_chapters_pk', ['visitor_token', 'chapter_id'])
    .execute();

  await db.schema
    .createTable('push_tokens')
    .addColumn('visitor_token', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('updated_at', int, (c) => c.notNull())
    .execute();
}

/** Key-value settings. */
async function settingsTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
