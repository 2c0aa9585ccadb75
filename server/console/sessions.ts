import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../db/index.js';
import type { StaffSessionTable } from '../db/schemaConsole.js';
import { randomToken, sha256 } from './secrets.js';

/** Console sessions kept on the server: the cookie holds a random token, the database only its SHA-256. */
const COOKIE = 'console_session';
/** Over HTTPS the cookie is __Host- prefixed: Secure, Path=/, no Domain, so no other host can set it. */
const cookieName = (req: FastifyRequest) => (req.protocol === 'https' ? `__Host-${COOKIE}` : COOKIE);
/** How long a sign-in counts as recent for sensitive changes (s). */
export const REAUTH_SECONDS = 300;

export interface Lifetimes {
  idle: number;
  absolute: number;
}

export function readCookie(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const name = cookieName(req);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

function setCookie(req: FastifyRequest, reply: FastifyReply, value: string, maxAge: number) {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${cookieName(req)}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`);
}

export const clearCookie = (req: FastifyRequest, reply: FastifyReply) => setCookie(req, reply, '', 0);

/** Starts a session for a member who passed both factors: a new token (never one the client brought). */
export async function startSession(db: DB, req: FastifyRequest, reply: FastifyReply, memberId: number, now: number, life: Lifetimes) {
  const token = randomToken();
  const row = await db
    .insertInto('staff_sessions')
    .values({
      member_id: memberId,
      token_hash: sha256(token),
      created_at: now,
      last_used_at: now,
      reauth_until: now + REAUTH_SECONDS,
      address: req.ip,
      user_agent: String(req.headers['user-agent'] ?? '').slice(0, 300),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  setCookie(req, reply, token, life.absolute);
  return row.id;
}

export const idleExpiry = (s: Pick<StaffSessionTable, 'last_used_at'>, life: Lifetimes) => Number(s.last_used_at) + life.idle;
export const absoluteExpiry = (s: Pick<StaffSessionTable, 'created_at'>, life: Lifetimes) => Number(s.created_at) + life.absolute;

/**
 * The live session a cookie names, touched (its last use now), or null. A
 * session past its idle or absolute limit is deleted on the way: it never
 * comes back.
 */
export async function findSession(db: DB, token: string, now: number, life: Lifetimes) {
  const s = await db.selectFrom('staff_sessions').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
  if (!s) return null;
  if (now >= idleExpiry(s, life) || now >= absoluteExpiry(s, life)) {
    await db.deleteFrom('staff_sessions').where('id', '=', s.id).execute();
    return null;
  }
  if (now > Number(s.last_used_at)) await db.updateTable('staff_sessions').set({ last_used_at: now }).where('id', '=', s.id).execute();
  return { ...s, last_used_at: now };
}

/** Ends a member's sessions (all, or all but one); the ids ended. */
export async function endSessions(db: DB, memberId: number, except?: number): Promise<number[]> {
  let q = db.deleteFrom('staff_sessions').where('member_id', '=', memberId);
  if (except !== undefined) q = q.where('id', '!=', except);
  const rows = await q.returning('id').execute();
  return rows.map((r) => r.id);
}

export async function listSessions(db: DB, memberId: number, now: number, life: Lifetimes) {
  const rows = await db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('last_used_at', 'desc')
    .execute();
  return rows.filter((s) => now < idleExpiry(s, life) && now < absoluteExpiry(s, life));
}

/** A short name of the browser and system from a User-Agent ("Chrome on Linux"). */
export function deviceName(ua: string): string {
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
