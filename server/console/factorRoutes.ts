import type { FastifyInstance } from 'fastify';
import { handle } from '../lib/consoleRoute.js';
import { actorOf, consoleCtx } from './actor.js';
import { memberOf, relyingPartyOf } from './context.js';
import { factors } from './factors.js';

/**
 * /console/api/me/factors and /me/recovery-codes: a member's second factors
 * (server/console/factors.ts), registered in the /me folder's module.
 */
export default function registerFactors(app: FastifyInstance) {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /me/factors', (req) => factors.list(ctx(), memberOf(req)));
  handle(app, 'POST /me/factors/totp', (req) => factors.addTotp(ctx(), memberOf(req), req.body.name));
  handle(app, 'POST /me/factors/totp/:id/confirm', (req) =>
    factors.confirmTotp(ctx(), actorOf(req), memberOf(req), req.params.id, req.body.code),
  );
  handle(app, 'POST /me/factors/passkey', (req) =>
    factors.startPasskey(ctx(), memberOf(req), req.body.name, relyingPartyOf(app, req).rpID),
  );
  handle(app, 'POST /me/factors/passkey/confirm', async (req, reply) => {
    await factors.confirmPasskey(ctx(), actorOf(req), memberOf(req), req.body.response, relyingPartyOf(app, req));
    return reply.code(204).send();
  });
  handle(app, 'DELETE /me/factors/:id', async (req, reply) => {
    await factors.remove(ctx(), actorOf(req), memberOf(req), req.params.id);
    return reply.code(204).send();
  });
  handle(app, 'POST /me/recovery-codes', (req) => factors.newRecoveryCodes(ctx(), actorOf(req), memberOf(req)));
}
