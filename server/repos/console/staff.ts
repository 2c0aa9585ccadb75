import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { StaffMemberTable } from '../../db/schemaConsole.js';

/** A staff member's row (its JSON lists as text: server/console/members.ts reads them). */
export type StaffRow = Selectable<StaffMemberTable>;

/** What a change of a member may set (every change bumps the version). */
type StaffColumns = Partial<Pick<StaffMemberTable, 'name' | 'password_hash' | 'roles' | 'languages' | 'disabled'>>;

/**
 * The console's staff accounts (staff_members). Emails are stored and
 * looked up in lower case; a change bumps the version, and one made from
 * an editor's form matches the version they read (the caller turns "no
 * row changed" into a conflict).
 */
export function staffRepo(db: DB) {
  return {
    byId: (id: number): Promise<StaffRow | undefined> => db.selectFrom('staff_members').selectAll().where('id', '=', id).executeTakeFirst(),

    byEmail: (email: string): Promise<StaffRow | undefined> =>
      db.selectFrom('staff_members').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst(),

    list: (): Promise<StaffRow[]> => db.selectFrom('staff_members').selectAll().orderBy('id').execute(),

    async count(): Promise<number> {
      const r = await db
        .selectFrom('staff_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    async add(m: Omit<Insertable<StaffMemberTable>, 'id'>): Promise<number> {
      const row = await db.insertInto('staff_members').values(m).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** Sets columns and bumps the version; with `version`, only when it is the one given. The rows changed. */
    async update(id: number, set: StaffColumns, version?: number): Promise<number> {
      let q = db
        .updateTable('staff_members')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', id);
      if (version !== undefined) q = q.where('version', '=', version);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async signedIn(id: number, now: number): Promise<void> {
      await db.updateTable('staff_members').set({ last_sign_in_at: now }).where('id', '=', id).execute();
    },
  };
}
