import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { audit } from './audit.js';
import { access, memberOf, requireReauth } from './context.js';
import { factorsOf } from './members.js';
import { problems } from './problems.js';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery.js';
import { endSessions } from './sessions.js';
import { createChallenge } from './signin.js';
import { newTotpSecret, totpSetup, totpStep } from './totp.js';
import { registrationOptions, relyingParty, verifyRegistration } from './webauthn.js';

/**
 * /console/api/me/factors and /me/recovery-codes: a member's second factors.
 * Every change asks for the password first (reauth), is audited, and ends
 * the member's other sessions.
 */
async function changed(app: FastifyInstance, req: FastifyRequest, action: string, target: string, after: unknown) {
  const m = memberOf(req);
  const now = app.clock.nowSec();
  await app.db.transaction().execute(async (trx) => {
    const ended = await endSessions(trx, m.id, m.sessionId);
    await audit(trx, req, now, { action, target, after: { ...(after as object), endedSessions: ended } });
  });
}

export default function registerFactors(app: FastifyInstance) {
  app.get('/factors', { config: access('GET /me/factors'), schema: { response: { 200: Factors } } }, async (req) => {
    const m = memberOf(req);
    const rows = await factorsOf(app.db, m.id);
    return {
      factors: rows.map((f) => ({
        id: f.id,
        kind: f.kind,
        name: f.name,
        createdAt: Number(f.created_at),
        lastUsedAt: f.last_used_at === null ? null : Number(f.last_used_at),
      })),
      recoveryCodesLeft: await recoveryCodesLeft(app.db, m.id),
    };
  });

  app.post<{ Body: { name: string } }>(
    '/factors/totp',
    { config: access('POST /me/factors/totp'), schema: { body: NameBody, response: { 200: NewTotp } } },
    async (req) => {
      const m = memberOf(req);
      requireReauth(app, req);
      const secret = newTotpSecret();
      const row = await app.db
        .insertInto('staff_factors')
        .values({
          member_id: m.id,
          kind: 'totp',
          name: req.body.name,
          secret,
          credential_id: null,
          public_key: null,
          counter: 0,
          transports: null,
          last_step: 0,
          confirmed: 0,
          created_at: app.clock.nowSec(),
          last_used_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, ...(await totpSetup(secret, m.email)) };
    },
  );

  app.post<{ Params: { id: number }; Body: { code: string } }>(
    '/factors/totp/:id/confirm',
    { config: access('POST /me/factors/totp/:id/confirm'), schema: { params: IdParams, body: CodeBody, response: { 200: TotpConfirmed } } },
    async (req) => {
      const m = memberOf(req);
      requireReauth(app, req);
      const f = await app.db
        .selectFrom('staff_factors')
        .selectAll()
        .where('id', '=', req.params.id)
        .where('member_id', '=', m.id)
        .where('confirmed', '=', 0)
        .executeTakeFirst();
      if (!f?.secret) throw problems.notFound('No such factor waiting for its code.');
      const step = totpStep(f.secret, req.body.code, 0, app.clock.now());
      if (step === null) throw problems.badCode();
      await app.db.updateTable('staff_factors').set({ confirmed: 1, last_step: step }).where('id', '=', f.id).execute();
      const first = (await recoveryCodesLeft(app.db, m.id)) === 0;
      await changed(app, req, 'factor.add', `factor:${f.id}`, { kind: 'totp', name: f.name });
      return first ? { recoveryCodes: await replaceRecoveryCodes(app.db, m.id) } : {};
    },
  );

  app.post<{ Body: { name: string } }>(
    '/factors/passkey',
    { config: access('POST /me/factors/passkey'), schema: { body: NameBody, response: { 200: PasskeyOptions } } },
    async (req) => {
      const m = memberOf(req);
      requireReauth(app, req);
      const existing = await factorsOf(app.db, m.id);
      const options = await registrationOptions(relyingParty(req, app.config.publicUrl).rpID, m.email, existing);
      // One registration under way per member: the challenge row names it.
      await app.db.deleteFrom('staff_challenges').where('member_id', '=', m.id).where('purpose', '=', 'passkey').execute();
      await createChallenge(
        app.db,
        m.id,
        'passkey',
        { challenge: options.challenge, name: req.body.name, member: m.id },
        app.clock.nowSec(),
      );
      return { options };
    },
  );

  app.post<{ Body: { response: Record<string, unknown> } }>(
    '/factors/passkey/confirm',
    { config: access('POST /me/factors/passkey/confirm'), schema: { body: PasskeyResponse } },
    async (req, reply) => {
      const m = memberOf(req);
      requireReauth(app, req);
      const now = app.clock.nowSec();
      const c = await app.db
        .selectFrom('staff_challenges')
        .selectAll()
        .where('member_id', '=', m.id)
        .where('purpose', '=', 'passkey')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      const w = c?.webauthn ? (JSON.parse(c.webauthn) as { challenge: string; name: string }) : null;
      const cred = w ? await verifyRegistration(req.body.response, w.challenge, relyingParty(req, app.config.publicUrl)) : null;
      if (!c || !w || !cred) throw problems.badCode();
      await app.db.deleteFrom('staff_challenges').where('id', '=', c.id).execute();
      const row = await app.db
        .insertInto('staff_factors')
        .values({
          member_id: m.id,
          kind: 'passkey',
          name: w.name,
          secret: null,
          credential_id: cred.credentialId,
          public_key: cred.publicKey,
          counter: cred.counter,
          transports: cred.transports,
          last_step: 0,
          confirmed: 1,
          created_at: now,
          last_used_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await changed(app, req, 'factor.add', `factor:${row.id}`, { kind: 'passkey', name: w.name });
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/factors/:id',
    { config: access('DELETE /me/factors/:id'), schema: { params: IdParams } },
    async (req, reply) => {
      const m = memberOf(req);
      requireReauth(app, req);
      const all = await factorsOf(app.db, m.id);
      const f = all.find((x) => x.id === req.params.id);
      if (!f) throw problems.notFound('No such factor.');
      if (all.length === 1) throw problems.lastFactor();
      await app.db.deleteFrom('staff_factors').where('id', '=', f.id).execute();
      await changed(app, req, 'factor.remove', `factor:${f.id}`, { kind: f.kind, name: f.name });
      return reply.code(204).send();
    },
  );

  app.post(
    '/recovery-codes',
    { config: access('POST /me/recovery-codes'), schema: { response: { 200: NewRecoveryCodes } } },
    async (req) => {
      const m = memberOf(req);
      requireReauth(app, req);
      const recoveryCodes = await replaceRecoveryCodes(app.db, m.id);
      await changed(app, req, 'recovery-codes.replace', `member:${m.id}`, {});
      return { recoveryCodes };
    },
  );
}
