import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { CoverTestTable } from '../../db/schemaCoverTests.js';

export type CoverTestRow = Selectable<CoverTestTable>;
type TestColumns = Omit<Updateable<CoverTestTable>, 'id' | 'version'>;

/**
 * Cover tests (cover_tests) as the console makes, starts and ends them.
 * Changes match the version the editor read (0 rows: a conflict for the
 * caller); the period job's `claimEnd` is the fence between nodes (only one
 * caller ends a test whose period is over).
 */
export function coverTestsRepo(db: DB) {
  return {
    row: (id: number): Promise<CoverTestRow | undefined> =>
      db.selectFrom('cover_tests').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Newest first; of one title, or every one (the first 200). */
    list(titleId?: number): Promise<CoverTestRow[]> {
      let q = db.selectFrom('cover_tests').selectAll();
      if (titleId !== undefined) q = q.where('title_id', '=', titleId);
      return q.orderBy('id', 'desc').limit(200).execute();
    },

    /** A test of this title and image that is not over (a title's image is in one test at a time). */
    openOf: (titleId: number, slot: string): Promise<CoverTestRow | undefined> =>
      db
        .selectFrom('cover_tests')
        .selectAll()
        .where('title_id', '=', titleId)
        .where('slot', '=', slot)
        .where('state', 'in', ['draft', 'running'])
        .executeTakeFirst(),

    /** A test of this banner that is not over (a banner is in one test at a time). */
    openOfBanner: (bannerId: number): Promise<CoverTestRow | undefined> =>
      db
        .selectFrom('cover_tests')
        .selectAll()
        .where('banner_id', '=', bannerId)
        .where('slot', '=', 'banner')
        .where('state', 'in', ['draft', 'running'])
        .executeTakeFirst(),

    async add(row: Omit<Insertable<CoverTestTable>, 'id'>): Promise<number> {
      const r = await db.insertInto('cover_tests').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },

    /** Bumps the version with the columns given, if it is still `version`: rows changed (0 or 1). */
    async bump(id: number, version: number, set: TestColumns = {}): Promise<number> {
      const r = await db
        .updateTable('cover_tests')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** The period job's claim: ends a running test whose period is over, once; whether this caller did. */
    async claimEnd(id: number, now: number, winner: number): Promise<boolean> {
      const r = await db
        .updateTable('cover_tests')
        .set((eb) => ({ state: 'ended', winner, ended_by: 'period', version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('state', '=', 'running')
        .where('ends_at', '<=', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Running tests: their ids and the ends of their periods (the period timers, as `start_ts`). */
    async running(): Promise<{ id: number; start_ts: number }[]> {
      const rows = await db.selectFrom('cover_tests').select(['id', 'ends_at']).where('state', '=', 'running').execute();
      return rows.map((r) => ({ id: r.id, start_ts: Number(r.ends_at) }));
    },
  };
}
