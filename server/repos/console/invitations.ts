import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { StaffInvitationTable } from '../../db/schemaConsole.js';

export type InvitationRow = Selectable<StaffInvitationTable>;

/**
 * Enrolment links (staff_invitations): new members' invitations and
 * members' factor resets (member_id), found by the SHA-256 of their token.
 * Rows stay for the record: a link is used or withdrawn (expired), never deleted.
 * A first owner's link is the one with neither member nor email (the enrolee
 * gives theirs): server/console/invitations.ts makes it only while there is
 * no staff.
 */
export function invitationsRepo(db: DB) {
  return {
    async add(l: Omit<Insertable<StaffInvitationTable>, 'id'>): Promise<number> {
      const row = await db.insertInto('staff_invitations').values(l).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    byTokenHash: (hash: string): Promise<InvitationRow | undefined> =>
      db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', hash).executeTakeFirst(),

    /** The latest invitations of new members (not factor resets), newest first. */
    invitations: (limit: number): Promise<InvitationRow[]> =>
      db.selectFrom('staff_invitations').selectAll().where('member_id', 'is', null).orderBy('id', 'desc').limit(limit).execute(),

    /** Keeps the enrolment under way with its link (JSON). */
    async setPending(id: number, pending: string): Promise<void> {
      await db.updateTable('staff_invitations').set({ pending }).where('id', '=', id).execute();
    },

    /** Marks a link used; the rows changed (0: another request used it first). */
    async use(id: number, now: number): Promise<number> {
      const r = await db
        .updateTable('staff_invitations')
        .set({ used_at: now, pending: null })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** Voids every open first-owner link (no member, no email); the rows changed. */
    async voidFirstOwner(now: number): Promise<number> {
      const r = await db
        .updateTable('staff_invitations')
        .set({ expires_at: now, pending: null })
        .where('member_id', 'is', null)
        .where('email', '=', '')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /**
     * Voids every open link of a member: their factor resets, and invitations
     * of their email; `except` stays. The ids voided.
     */
    async voidOpenOf(memberId: number, email: string, now: number, except?: number): Promise<number[]> {
      let q = db
        .updateTable('staff_invitations')
        .set({ expires_at: now, pending: null })
        .where((eb) => eb.or([eb('member_id', '=', memberId), eb.and([eb('member_id', 'is', null), eb('email', '=', email)])]))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now);
      if (except !== undefined) q = q.where('id', '!=', except);
      const rows = await q.returning('id').execute();
      return rows.map((r) => r.id);
    },

    /** Withdraws an open link (unused, not expired: it expires now); the rows changed. */
    async withdraw(id: number, now: number): Promise<number> {
      const r = await db
        .updateTable('staff_invitations')
        .set({ expires_at: now, pending: null })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
