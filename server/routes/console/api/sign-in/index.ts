import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeModule } from '../../../../lib/route.js';
import { ChallengeCode, ChallengePasskey, SignedIn, SignIn, SignInChallenge } from '../../../../../core/console/schemas/auth.js';
import { audit } from '../../../../console/audit.js';
import { access } from '../../../../console/context.js';
import { factorsOf, memberByEmail, memberById } from '../../../../console/members.js';
import { verifyPassword } from '../../../../console/passwords.js';
import { problems } from '../../../../console/problems.js';
import { recoveryCodesLeft, useRecoveryCode } from '../../../../console/recovery.js';
import { completeSignIn, createChallenge, findChallenge } from '../../../../console/signin.js';
import { accountKey, addressKey, checkThrottle, recordFailure } from '../../../../console/throttle.js';
import { totpStep } from '../../../../console/totp.js';
import { authenticationOptions, relyingParty, verifyAuthentication } from '../../../../console/webauthn.js';

/**
 * Sign-in: the password first (POST /sign-in: a challenge naming the second
 * factors the member holds), then one second factor (TOTP, a recovery code
 * or a passkey), which starts the session. Each failure counts against the
 * account and the address (server/console/throttle.ts); an unknown email
 * costs the same Argon2 verification and gets the same answer.
 */
const ok = (schema: unknown) => ({ 200: schema });

async function failure(app: FastifyInstance, req: FastifyRequest, keys: string[], target: string, step: string) {
  const now = app.clock.nowSec();
  await recordFailure(app.db, keys, now);
  await audit(app.db, req, now, { action: 'sign-in.failure', target, after: { step } });
}

/** The challenge of a second-factor step and its member, after the throttle check. */
async function secondStep(app: FastifyInstance, req: FastifyRequest, challenge: string, purpose: 'sign-in') {
  const now = app.clock.nowSec();
  const c = await findChallenge(app.db, challenge, purpose, now);
  if (!c) throw problems.badCode();
  const m = await memberById(app.db, c.member_id);
  if (!m) throw problems.badCode();
  const keys = [accountKey(m.email), addressKey(req.ip)];
  await checkThrottle(app.db, keys, now);
  return { c, m, keys };
}

const route = routeModule((app) => {
  app.post<{ Body: SignIn }>(
    '/',
    { config: access('POST /sign-in'), schema: { body: SignIn, response: ok(SignInChallenge) } },
    async (req) => {
      const now = app.clock.nowSec();
      const email = req.body.email.trim().toLowerCase();
      const keys = [accountKey(email), addressKey(req.ip)];
      await checkThrottle(app.db, keys, now);
      const row = await memberByEmail(app.db, email);
      const good = await verifyPassword(row?.password_hash ?? null, req.body.password);
      if (!row || !good || row.disabled === 1) {
        await failure(app, req, keys, `email:${email}`, 'password');
        throw problems.badCredentials();
      }
      const factors = await factorsOf(app.db, row.id);
      const passkeys = factors.filter((f) => f.kind === 'passkey');
      const passkeyOptions = passkeys.length
        ? await authenticationOptions(relyingParty(req, app.config.publicUrl).rpID, passkeys)
        : undefined;
      const challenge = await createChallenge(
        app.db,
        row.id,
        'sign-in',
        passkeyOptions ? { challenge: passkeyOptions.challenge } : undefined,
        now,
      );
      const kinds: ('totp' | 'passkey' | 'recovery')[] = [];
      if (factors.some((f) => f.kind === 'totp')) kinds.push('totp');
      if (passkeys.length) kinds.push('passkey');
      if ((await recoveryCodesLeft(app.db, row.id)) > 0) kinds.push('recovery');
      return { challenge, factors: kinds, ...(passkeyOptions ? { passkeyOptions } : {}) };
    },
  );

  app.post<{ Body: { challenge: string; code: string } }>(
    '/totp',
    { config: access('POST /sign-in/totp'), schema: { body: ChallengeCode, response: ok(SignedIn) } },
    async (req, reply) => {
      const { c, m, keys } = await secondStep(app, req, req.body.challenge, 'sign-in');
      for (const f of await factorsOf(app.db, m.id)) {
        if (f.kind !== 'totp' || !f.secret) continue;
        const step = totpStep(f.secret, req.body.code, Number(f.last_step), app.clock.now());
        if (step === null) continue;
        // Only the first request to reach this step wins: a replayed code updates nothing.
        const r = await app.db
          .updateTable('staff_factors')
          .set({ last_step: step, last_used_at: app.clock.nowSec() })
          .where('id', '=', f.id)
          .where('last_step', '<', step)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 1) return completeSignIn(app, req, reply, m.id, c.id, 'totp');
      }
      await failure(app, req, keys, `member:${m.id}`, 'totp');
      throw problems.badCode();
    },
  );

  app.post<{ Body: { challenge: string; code: string } }>(
    '/recovery',
    { config: access('POST /sign-in/recovery'), schema: { body: ChallengeCode, response: ok(SignedIn) } },
    async (req, reply) => {
      const { c, m, keys } = await secondStep(app, req, req.body.challenge, 'sign-in');
      if (await useRecoveryCode(app.db, m.id, req.body.code, app.clock.nowSec())) {
        await audit(app.db, req, app.clock.nowSec(), {
          action: 'recovery-code.use',
          target: `member:${m.id}`,
          actor: { kind: 'member', id: m.id, name: m.email },
        });
        return completeSignIn(app, req, reply, m.id, c.id, 'recovery');
      }
      await failure(app, req, keys, `member:${m.id}`, 'recovery');
      throw problems.badCode();
    },
  );

  app.post<{ Body: { challenge: string; response: Record<string, unknown> } }>(
    '/passkey',
    { config: access('POST /sign-in/passkey'), schema: { body: ChallengePasskey, response: ok(SignedIn) } },
    async (req, reply) => {
      const { c, m, keys } = await secondStep(app, req, req.body.challenge, 'sign-in');
      const expected = c.webauthn ? (JSON.parse(c.webauthn) as { challenge: string }).challenge : null;
      const credentialId = typeof req.body.response.id === 'string' ? req.body.response.id : '';
      const f = (await factorsOf(app.db, m.id)).find((x) => x.kind === 'passkey' && x.credential_id === credentialId);
      if (expected && f) {
        const counter = await verifyAuthentication(req.body.response, expected, relyingParty(req, app.config.publicUrl), f);
        if (counter !== null) {
          await app.db.updateTable('staff_factors').set({ counter, last_used_at: app.clock.nowSec() }).where('id', '=', f.id).execute();
          return completeSignIn(app, req, reply, m.id, c.id, 'passkey');
        }
      }
      await failure(app, req, keys, `member:${m.id}`, 'passkey');
      throw problems.badCode();
    },
  );
});
export default route;
