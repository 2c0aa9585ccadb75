import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DB } from '../db/index.js';
import type { Role } from '../../core/console/roles.js';
import { randomToken, sha256 } from './secrets.js';
import { staffCount } from './members.js';

/** Enrolment links: valid 24 h, single use, only the token's hash stored. */
const LINK_SECONDS = 24 * 3600;

export interface NewLink {
  email: string;
  roles: Role[];
  languages: string[];
  createdBy: number | null;
  /** A factor reset: the member who re-enrols. */
  memberId?: number;
}

export async function createLink(db: DB, l: NewLink, now: number): Promise<{ id: number; token: string; expiresAt: number }> {
  const token = randomToken();
  const expiresAt = now + LINK_SECONDS;
  const row = await db
    .insertInto('staff_invitations')
    .values({
      email: l.email.trim().toLowerCase(),
      roles: JSON.stringify(l.roles),
      languages: JSON.stringify(l.languages),
      token_hash: sha256(token),
      member_id: l.memberId ?? null,
      pending: null,
      created_by: l.createdBy,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, expiresAt };
}

/** The invitation a link names while it is usable (unknown, used and expired are alike: none). */
export async function usableLink(db: DB, token: string, now: number) {
  const r = await db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
  if (!r || r.used_at !== null || Number(r.expires_at) <= now) return null;
  return r;
}

/** Marks a link used; false when another request used it first. */
export async function useLink(db: DB, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('staff_invitations')
    .set({ used_at: now, pending: null })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The console page of a link. */
export const linkUrl = (base: string, token: string) => `${base.replace(/\/$/, '')}/console/enrol/${token}`;

/** The base of links the server prints itself: PUBLIC_URL, else this machine at PORT. */
export const serverBase = (app: Pick<FastifyInstance, 'config'>) => app.config.publicUrl || `http://localhost:${app.config.port}`;
/** The base of links made in a request: PUBLIC_URL, else the request's own origin. */
export const requestBase = (app: Pick<FastifyInstance, 'config'>, req: FastifyRequest) =>
  app.config.publicUrl || `${req.protocol}://${req.host}`;

/**
 * With no staff account at all, a link for a first owner (its email given at
 * enrolment), printed in the server's log: `npm start` leads a newcomer in.
 */
export async function firstOwnerLink(app: FastifyInstance): Promise<string | null> {
  if ((await staffCount(app.db)) > 0) return null;
  const l = await createLink(app.db, { email: '', roles: ['owner'], languages: [], createdBy: null }, app.clock.nowSec());
  return linkUrl(serverBase(app), l.token);
}
