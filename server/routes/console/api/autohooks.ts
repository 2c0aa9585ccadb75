import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rolesAllow } from '../../../../core/console/roles.js';
import { ApiError } from '../../../lib/errors.js';
import { actorOf, consoleCtx } from '../../../console/actor.js';
import { readCookie } from '../../../console/context.js';
import { memberOf } from '../../../console/members.js';
import { fromOwnOrigin, ownOrigin } from '../../../console/origin.js';
import { ConsoleProblem, problemBody, problems } from '../../../console/problems.js';
import { endSessions, findSession } from '../../../console/sessions.js';
import { useToken } from '../../../console/tokens.js';
import { audited } from '../../../console/write.js';

/**
 * The console API's scope (this folder and those below it, by Fastify
 * encapsulation through autoload's autohooks): JSON answers never cached,
 * failures as application/problem+json, the CSRF rule (the header, and a
 * write's Origin: server/console/origin.ts), then who is calling
 * (a staff session cookie or a Bearer API token; a visitor's session means
 * nothing here) and whether the route's declared access lets them (a route
 * that declares none answers 403: it fails closed). No CORS header is ever
 * sent, so a foreign page's preflight for X-Console-Request always fails.
 */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export default function consoleScope(app: FastifyInstance, _opts: unknown, done: () => void) {
  app.setErrorHandler((err: FastifyError, req, reply) => sendProblem(app, req, reply, toProblem(app, req, err)));
  app.addHook('onRequest', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
    // A token carries no ambient credential: only cookie-borne calls need the CSRF proof.
    if (!bearer) {
      if (req.headers['sec-fetch-site'] === 'cross-site') throw problems.csrf();
      if (!SAFE.has(req.method) && req.headers['x-console-request'] !== '1') throw problems.csrf();
      if (!SAFE.has(req.method) && !fromOwnOrigin(req.headers, ownOrigin(app.config.publicUrl, req.protocol, req.host)))
        throw problems.crossOrigin();
    }
    const access = req.routeOptions.config?.access;
    if (access === 'public') return;
    await identify(app, req, bearer);
    if (access === undefined) throw problems.forbidden('This route declares no access.');
    if (access === 'member') {
      if (req.staff?.kind !== 'member') throw problems.forbidden('Only a signed-in member may do this.');
      return;
    }
    const roles = req.staff?.kind === 'member' ? req.staff.member.roles : (req.staff?.token.roles ?? []);
    if (!rolesAllow(access, roles)) throw problems.forbidden();
  });
  done();
}

async function identify(app: FastifyInstance, req: FastifyRequest, bearer: string | null): Promise<void> {
  const ctx = consoleCtx(app);
  if (bearer) {
    const token = await useToken(ctx, bearer);
    if (!token) throw problems.unauthenticated();
    req.staff = { kind: 'token', token };
    const target = `${req.method} ${req.routeOptions.url ?? req.url}`;
    await audited(ctx, actorOf(req), ({ audit }) => audit({ action: 'token.use', target }), { readersSee: false });
    return;
  }
  const cookie = readCookie(req);
  if (!cookie) throw problems.unauthenticated();
  const session = await findSession(ctx, cookie, app.consoleLifetimes);
  if (!session) throw problems.unauthenticated();
  const row = await ctx.repos.staff.byId(session.member_id);
  if (!row || row.disabled === 1) {
    await endSessions(ctx.repos, session.member_id);
    throw problems.unauthenticated();
  }
  req.staff = { kind: 'member', member: memberOf(row), session };
}

function toProblem(app: FastifyInstance, req: FastifyRequest, err: FastifyError): ConsoleProblem {
  if (err instanceof ConsoleProblem) return err;
  if (err.validation) {
    const errors = err.validation.map((v) => ({
      path: `${err.validationContext ?? ''}${v.instancePath || ''}`,
      message: v.message ?? 'is not valid',
    }));
    return problems.validation(errors);
  }
  if (err instanceof ApiError) return problems.validation([], err.message);
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new ConsoleProblem(413, 'validation', 'Too large', `Bodies stop at ${app.config.bodyLimit} bytes.`);
  if (err.statusCode && err.statusCode < 500) return new ConsoleProblem(err.statusCode, 'validation', 'Bad request', err.message);
  req.log.error(err);
  return new ConsoleProblem(500, 'internal', 'Internal error', 'Something went wrong on the server.');
}

function sendProblem(_app: FastifyInstance, _req: FastifyRequest, reply: FastifyReply, p: ConsoleProblem) {
  if (p.extra.retryAfter !== undefined) reply.header('retry-after', String(p.extra.retryAfter));
  return reply
    .code(p.status)
    .header('cache-control', 'no-store')
    .type('application/problem+json')
    .send(JSON.stringify(problemBody(p)));
}
