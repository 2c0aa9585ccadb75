import crypto from 'node:crypto';
import type { DB } from '../db/index.js';
import { sha256 } from './secrets.js';

/** Ten single-use recovery codes: xxxxx-xxxxx from a 32-letter alphabet (50 bits), stored hashed. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const normalize = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

function newCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces a member's recovery codes with ten new ones (returned once, in clear). */
export async function replaceRecoveryCodes(db: DB, memberId: number): Promise<string[]> {
  const codes = Array.from({ length: 10 }, newCode);
  await db.deleteFrom('staff_recovery_codes').where('member_id', '=', memberId).execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(codes.map((c) => ({ member_id: memberId, code_hash: sha256(normalize(c)), used_at: null })))
    .execute();
  return codes;
}

/** Uses one of a member's unused codes; false when it is none of them. */
export async function useRecoveryCode(db: DB, memberId: number, code: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('code_hash', '=', sha256(normalize(code)))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: DB, memberId: number): Promise<number> {
  const r = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
