import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Release notifications done right: the deployment's VAPID key pair (one row,
 * shared by every node), the delivery record keyed by (subscription,
 * chapter), and the SQLite fan-out outbox (PostgreSQL's queue is pg-boss,
 * which keeps its own schema).
 */
export function push(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('push_vapid')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('private_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('push_deliveries')
        .addColumn('endpoint_hash', 'text', (c) => c.notNull())
        .addColumn('chapter_id', 'integer', (c) => c.notNull())
        .addColumn('delivered_at', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('push_deliveries_pk', ['endpoint_hash', 'chapter_id'])
        .execute();
      await db.schema.createIndex('push_deliveries_chapter').on('push_deliveries').column('chapter_id').execute();
      await db.schema
        .createTable('push_jobs')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('push_jobs_run_at').on('push_jobs').column('run_at').execute();
    },
  };
}
