import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The console's catalog. Series carry a version (stale writes are
 * refused) and the viewer mode; a chapter made in the console lives in
 * console_chapters (its editorial state, processing job and page board in
 * console_pages) and reaches `chapters`/`pages`, where readers look, only
 * when it is scheduled: a draft is absent from every public query by
 * construction. console_uploads maps tus uploads to their chapter;
 * console_previews holds the staff preview links (their SHA-256).
 */
export function catalog(dialect: Dialect) {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('series')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('series')
        .addColumn('viewer_mode', 'text', (c) => c.notNull().defaultTo('any'))
        .execute();
      await db.schema
        .createTable('console_chapters')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('title_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sub_title', 'text', (c) => c.notNull())
        .addColumn('thumbnail_page', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('start_ts', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('end_ts', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('job_state', 'text', (c) => c.notNull().defaultTo('idle'))
        .addColumn('job_request', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('job_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('job_total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('job_error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('job_lease', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('kept_row', 'text', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('console_chapters_title_name', ['title_id', 'name'])
        .execute();
      await db.schema.createIndex('console_chapters_job').on('console_chapters').column('job_state').execute();
      await db.schema
        .createTable('console_pages')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('chapter_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('suggest_double', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('encryption_key', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('blob', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('console_pages_chapter').on('console_pages').columns(['chapter_id', 'position']).execute();
      await db.schema
        .createTable('console_uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('chapter_id', 'integer', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('console_previews')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('chapter_id', 'integer', (c) => c.notNull())
        .addColumn('member_id', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
