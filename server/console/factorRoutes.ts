import type { FastifyInstance } from 'fastify';
import {
  CodeBody,
  Factors,
  NameBody,
  NewRecoveryCodes,
  NewTotp,
  PasskeyOptions,
  PasskeyResponse,
  TotpConfirmed,
} from '../../core/console/schemas/auth.js';
import { IdParams } from '../../core/console/schemas/common.js';
import { actorOf, consoleCtx } from './actor.js';
import { access, memberOf, relyingPartyOf } from './context.js';
import { factors } from './factors.js';

/**
 * /console/api/me/factors and /me/recovery-codes: a member's second factors
 * (server/console/factors.ts).
 */
export default function registerFactors(app: FastifyInstance) {
  const ctx = () => consoleCtx(app);

  app.get('/factors', { config: access('GET /me/factors'), schema: { response: { 200: Factors } } }, (req) =>
    factors.list(ctx(), memberOf(req)),
  );

  app.post<{ Body: { name: string } }>(
    '/factors/totp',
    { config: access('POST /me/factors/totp'), schema: { body: NameBody, response: { 200: NewTotp } } },
    (req) => factors.addTotp(ctx(), memberOf(req), req.body.name),
  );

  app.post<{ Params: { id: number }; Body: { code: string } }>(
    '/factors/totp/:id/confirm',
    { config: access('POST /me/factors/totp/:id/confirm'), schema: { params: IdParams, body: CodeBody, response: { 200: TotpConfirmed } } },
    (req) => factors.confirmTotp(ctx(), actorOf(req), memberOf(req), req.params.id, req.body.code),
  );

  app.post<{ Body: { name: string } }>(
    '/factors/passkey',
    { config: access('POST /me/factors/passkey'), schema: { body: NameBody, response: { 200: PasskeyOptions } } },
    (req) => {
      const me = memberOf(req);
      return factors.startPasskey(ctx(), me, req.body.name, relyingPartyOf(app, req).rpID);
    },
  );

  app.post<{ Body: { response: Record<string, unknown> } }>(
    '/factors/passkey/confirm',
    { config: access('POST /me/factors/passkey/confirm'), schema: { body: PasskeyResponse } },
    async (req, reply) => {
      const me = memberOf(req);
      await factors.confirmPasskey(ctx(), actorOf(req), me, req.body.response, relyingPartyOf(app, req));
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/factors/:id',
    { config: access('DELETE /me/factors/:id'), schema: { params: IdParams } },
    async (req, reply) => {
      await factors.remove(ctx(), actorOf(req), memberOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  app.post('/recovery-codes', { config: access('POST /me/recovery-codes'), schema: { response: { 200: NewRecoveryCodes } } }, (req) =>
    factors.newRecoveryCodes(ctx(), actorOf(req), memberOf(req)),
  );
}
