import type { StaffSessionTable } from '../db/schemaConsole.js';
import type { ConsoleRepos } from '../repos/console/index.js';
import type { Actor, ConsoleCtx } from './actor.js';
import { problems } from './problems.js';
import { randomToken, sha256 } from './secrets.js';
import { audited } from './write.js';

/** Console sessions kept on the server: the cookie holds a random token, the database only its SHA-256. */
const COOKIE = 'console_session';
/** Over HTTPS the cookie is __Host- prefixed: Secure, Path=/, no Domain, so no other host can set it. */
const cookieName = (https: boolean) => (https ? `__Host-${COOKIE}` : COOKIE);
/** How long a sign-in counts as recent for sensitive changes (s). */
export const REAUTH_SECONDS = 300;

export interface Lifetimes {
  idle: number;
  absolute: number;
}

/** The session token a Cookie header carries, or null. */
export function cookieToken(header: string | undefined, https: boolean): string | null {
  if (!header) return null;
  const name = cookieName(https);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** The Set-Cookie value of the session cookie (an empty value for 0 s clears it). */
export function sessionCookie(https: boolean, value: string, maxAge: number): string {
  return `${cookieName(https)}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${https ? '; Secure' : ''}`;
}

/**
 * Starts a session for a member who passed both factors: a new token (never
 * one the client brought), for the route to set as the cookie.
 */
export async function startSession(
  repos: ConsoleRepos,
  memberId: number,
  now: number,
  from: Pick<Actor, 'address' | 'userAgent'>,
): Promise<{ id: number; token: string }> {
  const token = randomToken();
  const id = await repos.sessions.add({
    member_id: memberId,
    token_hash: sha256(token),
    created_at: now,
    last_used_at: now,
    reauth_until: now + REAUTH_SECONDS,
    address: from.address,
    user_agent: from.userAgent.slice(0, 300),
  });
  return { id, token };
}

export const idleExpiry = (s: Pick<StaffSessionTable, 'last_used_at'>, life: Lifetimes) => Number(s.last_used_at) + life.idle;
export const absoluteExpiry = (s: Pick<StaffSessionTable, 'created_at'>, life: Lifetimes) => Number(s.created_at) + life.absolute;

/**
 * The live session a cookie names, touched (its last use now), or null. A
 * session past its idle or absolute limit is deleted on the way: it never
 * comes back.
 */
export async function findSession(ctx: ConsoleCtx, token: string, life: Lifetimes) {
  const now = ctx.clock.nowSec();
  const s = await ctx.repos.sessions.byTokenHash(sha256(token));
  if (!s) return null;
  if (now >= idleExpiry(s, life) || now >= absoluteExpiry(s, life)) {
    await ctx.repos.sessions.remove(s.id);
    return null;
  }
  if (now > Number(s.last_used_at)) await ctx.repos.sessions.touch(s.id, now);
  return { ...s, last_used_at: now };
}

/** Ends a member's sessions (all, or all but one); the ids ended. */
export const endSessions = (repos: ConsoleRepos, memberId: number, except?: number): Promise<number[]> =>
  repos.sessions.removeAll(memberId, except);

/** A member's live sessions as the console lists them, `current` the one asking (if it is theirs). */
export async function sessionsOf(ctx: ConsoleCtx, memberId: number, life: Lifetimes, current: number | null) {
  const now = ctx.clock.nowSec();
  const rows = (await ctx.repos.sessions.ofMember(memberId)).filter((s) => now < idleExpiry(s, life) && now < absoluteExpiry(s, life));
  return {
    sessions: rows.map((s) => ({
      id: s.id,
      device: deviceName(s.user_agent),
      address: s.address,
      createdAt: Number(s.created_at),
      lastUsedAt: Number(s.last_used_at),
      current: s.id === current,
    })),
  };
}

/** Signing out: the session ends (the route clears the cookie). */
export async function signOut(ctx: ConsoleCtx, actor: Actor, sessionId: number): Promise<void> {
  await audited(
    ctx,
    actor,
    async ({ repos, audit }) => {
      await repos.sessions.remove(sessionId);
      await audit({ action: 'session.end', target: `session:${sessionId}`, after: { reason: 'sign-out' } });
    },
    { readersSee: false },
  );
}

/** Ends one session of a member (a member's own, or an owner's for them: `after` says which member); 404 when it is none of theirs. */
export async function endSession(ctx: ConsoleCtx, actor: Actor, memberId: number, id: number, after?: unknown): Promise<void> {
  await audited(
    ctx,
    actor,
    async ({ repos, audit }) => {
      if ((await repos.sessions.removeOf(memberId, id)) !== 1) throw problems.notFound('No such session.');
      await audit({ action: 'session.end', target: `session:${id}`, ...(after === undefined ? {} : { after }) });
    },
    { readersSee: false },
  );
}

/** A sensitive change needs the password entered in the last few minutes: `reauthUntil` is the session's (null: no member's session). */
export function checkReauth(reauthUntil: number | null, now: number): void {
  if (reauthUntil === null) throw problems.forbidden();
  if (reauthUntil <= now) throw problems.reauthRequired();
}

/** A short name of the browser and system from a User-Agent ("Chrome on Linux"). */
function deviceName(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return [browser, os].filter(Boolean).join(' on ') || ua.slice(0, 60) || 'unknown';
}
