import type { DB } from '../db/index.js';
import { isRole, type Role } from '../../core/console/roles.js';
import type { ApiToken } from '../../core/console/schemas/admin.js';
import { randomToken, sha256 } from './secrets.js';

/** API tokens for automation: `mct_` + 32 random bytes, shown once, stored as SHA-256. */
const PREFIX = 'mct_';

const rolesOf = (text: string): Role[] => (JSON.parse(text) as unknown[]).filter(isRole);

export async function createToken(db: DB, t: { name: string; roles: Role[]; expiresAt: number; createdBy: number | null }, now: number) {
  const token = `${PREFIX}${randomToken()}`;
  const row = await db
    .insertInto('console_tokens')
    .values({
      name: t.name,
      token_hash: sha256(token),
      roles: JSON.stringify(t.roles),
      created_by: t.createdBy,
      created_at: now,
      expires_at: t.expiresAt,
      last_used_at: null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** The live token a Bearer value names (not revoked, not expired), its last use set to now; else null. */
export async function useToken(db: DB, bearer: string, now: number): Promise<{ id: number; name: string; roles: Role[] } | null> {
  if (!bearer.startsWith(PREFIX)) return null;
  const r = await db.selectFrom('console_tokens').selectAll().where('token_hash', '=', sha256(bearer)).executeTakeFirst();
  if (!r || r.revoked_at !== null || Number(r.expires_at) <= now) return null;
  await db.updateTable('console_tokens').set({ last_used_at: now }).where('id', '=', r.id).execute();
  return { id: r.id, name: r.name, roles: rolesOf(r.roles) };
}

export async function listTokens(db: DB): Promise<ApiToken[]> {
  const rows = await db.selectFrom('console_tokens').selectAll().orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    roles: rolesOf(r.roles),
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
  }));
}
