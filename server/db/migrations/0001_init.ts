import type { Kysely, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../dialect.js';

/** The initial schema (see ../schema.ts for what each column means). */
export function init(dialect: Dialect) {
  const serial = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const int = 'integer' as const;
      await db.schema
        .createTable('visitors')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('last_seen', int, (c) => c.notNull())
        .execute();

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

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
