import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * One release in several languages (issue 47): a release group holds one
 * console chapter of each language title of a series (release_group_members)
 * and their one time. Until that time the members stay drafts; at it, one
 * node's job (a conditional update of the group's state) releases them
 * together, once for the deployment. `partial` is the editor's choice for
 * members still without pages at that time: 'block' holds the whole group,
 * 'split' releases the ready ones and leaves the rest in a group of their own.
 */
export function releaseGroups(dialect: Dialect) {
  const serial = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('release_groups')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('series_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        // 'draft' | 'scheduled' | 'held' | 'released' | 'cancelled'
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('start_ts', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('end_ts', 'bigint', (c) => c.notNull().defaultTo(0))
        // 'block' | 'split'
        .addColumn('partial', 'text', (c) => c.notNull().defaultTo('block'))
        // JSON array of IANA zones the editor also wants the time shown in.
        .addColumn('zones', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('split_from', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('released_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('release_groups_due').on('release_groups').columns(['state', 'start_ts']).execute();
      await db.schema
        .createTable('release_group_members')
        .addColumn('group_id', 'integer', (c) => c.notNull())
        .addColumn('chapter_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('release_group_members_pk', ['group_id', 'chapter_id'])
        .execute();
      await db.schema.createIndex('release_group_members_chapter').on('release_group_members').column('chapter_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('release_group_members').execute();
      await db.schema.dropTable('release_groups').execute();
    },
  };
}
