import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { StaffFactorTable } from '../../db/schemaConsole.js';

export type FactorRow = Selectable<StaffFactorTable>;

/**
 * A member's second factors (staff_factors: TOTP apps and passkeys) and
 * their recovery codes (staff_recovery_codes, the factor of last resort):
 * one repository, since a factor reset replaces both together. Codes are
 * stored as the SHA-256 of their normal form (server/console/recovery.ts).
 */
export function factorsRepo(db: DB) {
  return {
    /** A member's confirmed factors, oldest first. */
    confirmed: (memberId: number): Promise<FactorRow[]> =>
      db.selectFrom('staff_factors').selectAll().where('member_id', '=', memberId).where('confirmed', '=', 1).orderBy('id').execute(),

    /** A TOTP factor of the member still waiting for its first code. */
    unconfirmed: (id: number, memberId: number): Promise<FactorRow | undefined> =>
      db
        .selectFrom('staff_factors')
        .selectAll()
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .where('confirmed', '=', 0)
        .executeTakeFirst(),

    async add(f: Omit<Insertable<StaffFactorTable>, 'id'>): Promise<number> {
      const row = await db.insertInto('staff_factors').values(f).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async confirm(id: number, step: number): Promise<void> {
      await db.updateTable('staff_factors').set({ confirmed: 1, last_step: step }).where('id', '=', id).execute();
    },

    /** Takes a TOTP step only when it is later than the last one taken (a replayed code changes nothing); the rows changed. */
    async takeStep(id: number, step: number, now: number): Promise<number> {
      const r = await db
        .updateTable('staff_factors')
        .set({ last_step: step, last_used_at: now })
        .where('id', '=', id)
        .where('last_step', '<', step)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async passkeyUsed(id: number, counter: number, now: number): Promise<void> {
      await db.updateTable('staff_factors').set({ counter, last_used_at: now }).where('id', '=', id).execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('staff_factors').where('id', '=', id).execute();
    },

    async removeAll(memberId: number): Promise<void> {
      await db.deleteFrom('staff_factors').where('member_id', '=', memberId).execute();
    },

    async removeCodes(memberId: number): Promise<void> {
      await db.deleteFrom('staff_recovery_codes').where('member_id', '=', memberId).execute();
    },

    async addCodes(memberId: number, hashes: string[]): Promise<void> {
      await db
        .insertInto('staff_recovery_codes')
        .values(hashes.map((code_hash) => ({ member_id: memberId, code_hash, used_at: null })))
        .execute();
    },

    /** Uses an unused code of the member; the rows changed (0: none of theirs). */
    async useCode(memberId: number, hash: string, now: number): Promise<number> {
      const r = await db
        .updateTable('staff_recovery_codes')
        .set({ used_at: now })
        .where('member_id', '=', memberId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async codesLeft(memberId: number): Promise<number> {
      const r = await db
        .selectFrom('staff_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
