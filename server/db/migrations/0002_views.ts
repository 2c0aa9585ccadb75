import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Live reading statistics: views per chapter per day (day = epoch seconds /
 * 86400), the basis of the trending and hottest scores beside the catalog's
 * own chapters.view_count. Plus indexes the read paths need.
 */
export function views(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('chapter_views_daily')
        .addColumn('chapter_id', 'integer', (c) => c.notNull())
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('chapter_views_daily_pk', ['chapter_id', 'day'])
        .execute();
      await db.schema.createIndex('chapter_views_daily_day').on('chapter_views_daily').column('day').execute();
      await db.schema.createIndex('titles_series').on('titles').column('series_id').execute();
      await db.schema.createIndex('banners_title').on('banners').column('title_id').execute();
      await db.schema.createIndex('publisher_news_publisher').on('publisher_news').column('publisher_id').execute();
      await db.schema.createIndex('viewed_chapters_chapter').on('viewed_chapters').column('chapter_id').execute();
    },
  };
}
