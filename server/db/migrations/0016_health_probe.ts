import type { Kysely } from 'kysely';

/**
 * One row readiness writes on every probe (server/plugins/health.ts),
 * so a database that answers reads but cannot write (a full disk, a
 * read-only file system, SQLite's file turned read-only) takes the node out
 * of service instead of failing every reader's write.
 */
export function healthProbe() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('health_probe')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('at', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('health_probe').execute();
    },
  };
}
