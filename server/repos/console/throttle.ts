import type { Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { StaffThrottleTable } from '../../db/schemaConsole.js';

export type ThrottleRow = Selectable<StaffThrottleTable>;
type Counts = Omit<StaffThrottleTable, 'key'>;

/**
 * Sign-in failures counted per key (staff_throttle; the policy is
 * server/console/throttle.ts). `locked_until` is the key's next turn: the
 * time from which an attempt may take it, set ahead while an attempt holds
 * it and by the delay its failures earned. Every write is conditional, so
 * the rules hold across requests and nodes on SQLite and PostgreSQL alike.
 */
export function throttleRepo(db: DB) {
  return {
    get: (key: string): Promise<ThrottleRow | undefined> =>
      db.selectFrom('staff_throttle').selectAll().where('key', '=', key).executeTakeFirst(),

    /** Takes a key's turn until `until` when it is due (`locked_until` ≤ now): true for the one attempt that did. */
    async take(key: string, now: number, until: number): Promise<boolean> {
      await db
        .insertInto('staff_throttle')
        .values({ key, failures: 0, last_failure_at: now, locked_until: 0 })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const r = await db
        .updateTable('staff_throttle')
        .set({ locked_until: until })
        .where('key', '=', key)
        .where('locked_until', '<=', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Gives a turn taken until `held` back (due again from `at`), unless it ran out and another attempt took it. */
    async giveBack(key: string, held: number, at: number): Promise<void> {
      await db.updateTable('staff_throttle').set({ locked_until: at }).where('key', '=', key).where('locked_until', '=', held).execute();
    },

    /** Sets a key's counts if they are still `from` (undefined: no row yet); false when another request changed them first. */
    async swap(key: string, from: ThrottleRow | undefined, to: Counts): Promise<boolean> {
      if (!from) {
        const r = await db
          .insertInto('staff_throttle')
          .values({ key, ...to })
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst();
        return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
      }
      const r = await db
        .updateTable('staff_throttle')
        .set(to)
        .where('key', '=', key)
        .where('failures', '=', from.failures)
        .where('last_failure_at', '=', from.last_failure_at)
        .where('locked_until', '=', from.locked_until)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('staff_throttle').where('key', '=', key).execute();
    },
  };
}
