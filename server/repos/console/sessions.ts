import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { StaffSessionTable } from '../../db/schemaConsole.js';

export type SessionRow = Selectable<StaffSessionTable>;

/**
 * Staff sessions (staff_sessions): found by the SHA-256 of the cookie's
 * token (server/console/sessions.ts makes tokens and judges lifetimes).
 */
export function sessionsRepo(db: DB) {
  return {
    async add(s: Omit<Insertable<StaffSessionTable>, 'id'>): Promise<number> {
      const row = await db.insertInto('staff_sessions').values(s).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    byTokenHash: (hash: string): Promise<SessionRow | undefined> =>
      db.selectFrom('staff_sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst(),

    /** A member's sessions, last used first. */
    ofMember: (memberId: number): Promise<SessionRow[]> =>
      db.selectFrom('staff_sessions').selectAll().where('member_id', '=', memberId).orderBy('last_used_at', 'desc').execute(),

    async touch(id: number, now: number): Promise<void> {
      await db.updateTable('staff_sessions').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    async setReauth(id: number, until: number): Promise<void> {
      await db.updateTable('staff_sessions').set({ reauth_until: until }).where('id', '=', id).execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('staff_sessions').where('id', '=', id).execute();
    },

    /** Ends one session of a member; the rows deleted (0: none of theirs). */
    async removeOf(memberId: number, id: number): Promise<number> {
      const r = await db.deleteFrom('staff_sessions').where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** Ends a member's sessions (all, or all but one); the ids ended. */
    async removeAll(memberId: number, except?: number): Promise<number[]> {
      let q = db.deleteFrom('staff_sessions').where('member_id', '=', memberId);
      if (except !== undefined) q = q.where('id', '!=', except);
      const rows = await q.returning('id').execute();
      return rows.map((r) => r.id);
    },
  };
}
