import type { Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { StaffThrottleTable } from '../../db/schemaConsole.js';

export type ThrottleRow = Selectable<StaffThrottleTable>;
type Counts = Omit<StaffThrottleTable, 'key'>;

/** Sign-in failures counted per key (staff_throttle; the policy is server/console/throttle.ts). */
export function throttleRepo(db: DB) {
  return {
    of: (keys: string[]): Promise<ThrottleRow[]> => db.selectFrom('staff_throttle').selectAll().where('key', 'in', keys).execute(),

    get: (key: string): Promise<ThrottleRow | undefined> =>
      db.selectFrom('staff_throttle').selectAll().where('key', '=', key).executeTakeFirst(),

    /** Sets a key's counts: `known` says the row was read, else it is inserted (or set, when another request made it meanwhile). */
    async put(key: string, row: Counts, known: boolean): Promise<void> {
      if (known) await db.updateTable('staff_throttle').set(row).where('key', '=', key).execute();
      else
        await db
          .insertInto('staff_throttle')
          .values({ key, ...row })
          .onConflict((oc) => oc.column('key').doUpdateSet(row))
          .execute();
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('staff_throttle').where('key', '=', key).execute();
    },
  };
}
