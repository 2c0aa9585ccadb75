import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../../core/console/roles.js';
import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import type { Repos } from '../repos/index.js';
import type { AuditActor } from '../repos/console/audit.js';
import { consoleRepos, type ConsoleRepos } from '../repos/console/index.js';

/**
 * What a console service is given instead of Fastify's `app` and `req`:
 * the actor (who asks, with what roles and languages, from where) and the
 * context (the repositories, the clock, telling the nodes). Routes make
 * both (`actorOf(req)`, `consoleCtx(app)`); tests can make them by hand.
 */
export interface Actor extends AuditActor {
  /** The member's roles, or the token's. */
  roles: readonly Role[];
  /** A member's languages (a localizer's reach); a token has none. */
  languages: readonly string[];
  /** The signed-in member's id, or null (a token, no one). */
  memberId: number | null;
}

export interface ConsoleCtx {
  db: DB;
  clock: ServerClock;
  /** The console's repositories on the database (outside a write's transaction). */
  repos: ConsoleRepos;
  /** The reader's repositories (their reads and caches). */
  reader: Repos;
  /** After a write readers see: this node's cached views dropped, every node told (PostgreSQL NOTIFY). */
  tellNodes(): void;
}

export function actorOf(req: FastifyRequest): Actor {
  const p = req.staff;
  const where = { address: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
  if (p?.kind === 'member')
    return {
      kind: 'member',
      id: p.member.id,
      name: p.member.email,
      roles: p.member.roles,
      languages: p.member.languages,
      memberId: p.member.id,
      ...where,
    };
  if (p?.kind === 'token')
    return { kind: 'token', id: p.token.id, name: p.token.name, roles: p.token.roles, languages: [], memberId: null, ...where };
  return { kind: 'anonymous', id: null, name: '', roles: [], languages: [], memberId: null, ...where };
}

const made = new WeakMap<FastifyInstance, ConsoleCtx>();

/** The console's context of a server (made once). */
export function consoleCtx(app: FastifyInstance): ConsoleCtx {
  let ctx = made.get(app);
  if (!ctx) {
    ctx = {
      db: app.db,
      clock: app.clock,
      repos: consoleRepos(app.db),
      reader: app.repos,
      tellNodes: () => {
        app.services.clear();
        app.notices.publish({ kind: 'catalog' });
      },
    };
    made.set(app, ctx);
  }
  return ctx;
}
