import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/index.js';
import type { StaffChallengeTable } from '../../db/schemaConsole.js';

export type ChallengeRow = Selectable<StaffChallengeTable>;
type Purpose = StaffChallengeTable['purpose'];

/**
 * The steps between a sign-in's password and its second factor, and a
 * member's passkey registration under way (staff_challenges), found by the
 * SHA-256 of their token or by member.
 */
export function challengesRepo(db: DB) {
  return {
    async add(c: Omit<Insertable<StaffChallengeTable>, 'id'>): Promise<void> {
      await db.insertInto('staff_challenges').values(c).execute();
    },

    /** Drops the challenges expired at `now`. */
    async dropExpired(now: number): Promise<void> {
      await db.deleteFrom('staff_challenges').where('expires_at', '<=', now).execute();
    },

    byTokenHash: (hash: string, purpose: Purpose): Promise<ChallengeRow | undefined> =>
      db.selectFrom('staff_challenges').selectAll().where('token_hash', '=', hash).where('purpose', '=', purpose).executeTakeFirst(),

    /** A member's live challenge of a purpose. */
    liveOf: (memberId: number, purpose: Purpose, now: number): Promise<ChallengeRow | undefined> =>
      db
        .selectFrom('staff_challenges')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    /** Spends a challenge; the rows deleted (0: another request spent it first). */
    async remove(id: number): Promise<number> {
      const r = await db.deleteFrom('staff_challenges').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    async removeOf(memberId: number, purpose: Purpose): Promise<void> {
      await db.deleteFrom('staff_challenges').where('member_id', '=', memberId).where('purpose', '=', purpose).execute();
    },
  };
}
