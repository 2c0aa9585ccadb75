import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problems } from './problems.js';
import type { Me, Principal } from './principal.js';
import { checkReauth, cookieToken, sessionCookie } from './sessions.js';
import { relyingParty } from './webauthn.js';

/**
 * Helpers of the console's route modules: what they read from the request
 * and set on the reply, so the services they call are given plain values.
 */

/** The signed-in member of a member-only route (the scope has checked there is one). */
export function memberOf(req: FastifyRequest): Me {
  const p = req.staff;
  if (p?.kind !== 'member') throw problems.forbidden();
  return { ...p.member, sessionId: p.session.id, reauthUntil: Number(p.session.reauth_until) };
}

/** Until when the caller's session counts as recently authenticated (null: no member's session). */
export const reauthUntil = (req: FastifyRequest): number | null => {
  const p: Principal | null = req.staff;
  return p?.kind === 'member' ? Number(p.session.reauth_until) : null;
};

/** A sensitive change needs the password entered in the last few minutes (tokens never make one). */
export function requireReauth(app: FastifyInstance, req: FastifyRequest): void {
  checkReauth(reauthUntil(req), app.clock.nowSec());
}

/** The session token of the request's cookie, or null. */
export const readCookie = (req: FastifyRequest) => cookieToken(req.headers.cookie, req.protocol === 'https');

/** Sets the cookie of a session a service started, and answers without its token. */
export function withSession<T extends { token: string }>(req: FastifyRequest, reply: FastifyReply, out: T): Omit<T, 'token'> {
  const { token, ...rest } = out;
  reply.header('set-cookie', sessionCookie(req.protocol === 'https', token, req.server.consoleLifetimes.absolute));
  return rest;
}

export const clearCookie = (req: FastifyRequest, reply: FastifyReply) =>
  reply.header('set-cookie', sessionCookie(req.protocol === 'https', '', 0));

/** The passkeys' relying party: PUBLIC_URL's host, else the host the console is served from. */
export const relyingPartyOf = (app: FastifyInstance, req: FastifyRequest) =>
  relyingParty(app.config.publicUrl, req.hostname, `${req.protocol}://${req.host}`);
