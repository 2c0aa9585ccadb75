import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROUTE_ACCESS, type ConsoleRoute } from '../../core/console/roles.js';
import { problems } from './problems.js';
import type { MemberRow, Principal } from './principal.js';

/** Helpers of the console's route modules. */

/** A route's config: who may call it, from the one table (core/console/roles.ts). */
export const access = (route: ConsoleRoute) => ({ access: ROUTE_ACCESS[route] });

/** The signed-in member of a member-only route (the scope has checked there is one). */
export function memberOf(req: FastifyRequest): MemberRow & { sessionId: number; reauthUntil: number } {
  const p = req.staff;
  if (p?.kind !== 'member') throw problems.forbidden();
  return { ...p.member, sessionId: p.session.id, reauthUntil: Number(p.session.reauth_until) };
}

/** The member's id, or null for a token. */
export const actorMemberId = (req: FastifyRequest) => (req.staff?.kind === 'member' ? req.staff.member.id : null);

/** A sensitive change needs the password entered in the last few minutes (tokens never make one). */
export function requireReauth(app: FastifyInstance, req: FastifyRequest): void {
  const p: Principal | null = req.staff;
  if (p?.kind !== 'member') throw problems.forbidden();
  if (Number(p.session.reauth_until) <= app.clock.nowSec()) throw problems.reauthRequired();
}
