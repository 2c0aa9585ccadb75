import { isRole, TOKEN_MAX_DAYS, TOKEN_ROLES, type Role } from '../../core/console/roles.js';
import type { ApiToken, NewApiToken } from '../../core/console/schemas/admin.js';
import type { ConsoleRepos } from '../repos/console/index.js';
import type { Actor, ConsoleCtx } from './actor.js';
import { problems } from './problems.js';
import { randomToken, sha256 } from './secrets.js';
import { checkReauth } from './sessions.js';
import { audited } from './write.js';

/** API tokens for automation: `mct_` + 32 random bytes, shown once, stored as SHA-256. */
const PREFIX = 'mct_';
const DAY = 86_400;

const rolesOf = (text: string): Role[] => (JSON.parse(text) as unknown[]).filter(isRole);

/** Makes a token (in the write it is part of: give it that write's repositories); the token is returned once. */
export async function createToken(
  repos: ConsoleRepos,
  t: { name: string; roles: Role[]; expiresAt: number; createdBy: number | null },
  now: number,
): Promise<{ id: number; token: string }> {
  const token = `${PREFIX}${randomToken()}`;
  const id = await repos.tokens.add({
    name: t.name,
    token_hash: sha256(token),
    roles: JSON.stringify(t.roles),
    created_by: t.createdBy,
    created_at: now,
    expires_at: t.expiresAt,
    last_used_at: null,
    revoked_at: null,
  });
  return { id, token };
}

/**
 * When a token stops: its own expiry, and never later than TOKEN_MAX_DAYS after it was made (a token made before
 * that cap, with an expiry years ahead, stops there too).
 */
const endOf = (r: { created_at: number | string; expires_at: number | string }) =>
  Math.min(Number(r.expires_at), Number(r.created_at) + TOKEN_MAX_DAYS * DAY);

/** The live token a Bearer value names (not revoked, not expired), its last use set to now; else null. */
export async function useToken(ctx: ConsoleCtx, bearer: string): Promise<{ id: number; name: string; roles: Role[] } | null> {
  if (!bearer.startsWith(PREFIX)) return null;
  const now = ctx.clock.nowSec();
  const r = await ctx.repos.tokens.byHash(sha256(bearer));
  if (!r || r.revoked_at !== null || endOf(r) <= now) return null;
  // A maker disabled or no longer an owner revokes their tokens; one made before that rule still stops here.
  if (r.created_by !== null) {
    const maker = await ctx.repos.staff.byId(r.created_by);
    if (!maker || maker.disabled === 1 || !rolesOf(maker.roles).includes('owner')) return null;
  }
  await ctx.repos.tokens.used(r.id, now);
  return { id: r.id, name: r.name, roles: rolesOf(r.roles) };
}

/**
 * API tokens (owner): named, scoped to roles (never owner), expiring, shown
 * once, revocable; revoked too when their maker is disabled, loses a role or
 * has their factors reset (server/console/members.ts).
 */
export const tokens = {
  async list(ctx: ConsoleCtx): Promise<ApiToken[]> {
    const rows = await ctx.repos.tokens.list();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      roles: rolesOf(r.roles),
      createdAt: Number(r.created_at),
      expiresAt: endOf(r),
      lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
      revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
    }));
  },

  /** Needs the password entered lately (`reauthUntil`, the caller's session's); lives at most TOKEN_MAX_DAYS. */
  async create(ctx: ConsoleCtx, actor: Actor, t: NewApiToken, reauthUntil: number | null): Promise<{ id: number; token: string }> {
    const now = ctx.clock.nowSec();
    checkReauth(reauthUntil, now);
    if (t.roles.some((r) => !TOKEN_ROLES.includes(r)))
      throw problems.validation([{ path: '/roles', message: 'a token cannot be an owner' }]);
    if (t.expiresAt <= now) throw problems.validation([{ path: '/expiresAt', message: 'must be in the future' }]);
    if (t.expiresAt > now + TOKEN_MAX_DAYS * DAY) throw problems.tokenLifetime(TOKEN_MAX_DAYS);
    return audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        const made = await createToken(repos, { ...t, createdBy: actor.memberId }, now);
        await audit({
          action: 'token.create',
          target: `token:${made.id}`,
          after: { name: t.name, roles: t.roles, expiresAt: t.expiresAt },
        });
        return made;
      },
      { readersSee: false },
    );
  },

  async revoke(ctx: ConsoleCtx, actor: Actor, id: number): Promise<void> {
    await audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        if ((await repos.tokens.revoke(id, now)) !== 1) throw problems.notFound('No such live token.');
        await audit({ action: 'token.revoke', target: `token:${id}` });
      },
      { readersSee: false },
    );
  },
};
