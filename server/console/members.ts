import type { Selectable } from 'kysely';
import type { DB } from '../db/index.js';
import type { StaffMemberTable } from '../db/schemaConsole.js';
import { isRole } from '../../core/console/roles.js';
import type { StaffMember } from '../../core/console/schemas/admin.js';
import type { MemberRow } from './principal.js';

/** Staff rows (server/db/schemaConsole.ts) and their API shapes. */
const list = (text: string): unknown[] => {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as unknown[]) : [];
  } catch {
    return [];
  }
};

export function memberOf(r: Selectable<StaffMemberTable>): MemberRow {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    roles: list(r.roles).filter(isRole),
    languages: list(r.languages).filter((l): l is string => typeof l === 'string'),
    disabled: r.disabled === 1,
  };
}

export const publicMember = (m: MemberRow) => ({ id: m.id, email: m.email, name: m.name, roles: m.roles, languages: m.languages });

export function staffOf(r: Selectable<StaffMemberTable>): StaffMember {
  const m = memberOf(r);
  return {
    ...publicMember(m),
    disabled: m.disabled,
    createdAt: Number(r.created_at),
    lastSignInAt: r.last_sign_in_at === null ? null : Number(r.last_sign_in_at),
    version: r.version,
  };
}

export const memberById = (db: DB, id: number) => db.selectFrom('staff_members').selectAll().where('id', '=', id).executeTakeFirst();
export const memberByEmail = (db: DB, email: string) =>
  db.selectFrom('staff_members').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();

export async function staffCount(db: DB): Promise<number> {
  const r = await db
    .selectFrom('staff_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** A member's confirmed factors. */
export const factorsOf = (db: DB, memberId: number) =>
  db.selectFrom('staff_factors').selectAll().where('member_id', '=', memberId).where('confirmed', '=', 1).orderBy('id').execute();
