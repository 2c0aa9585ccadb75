import { routeModule } from '../../../../lib/route.js';
import {
  CodeBody,
  EnrolStart,
  Enrolled,
  Enrolment,
  PasskeyOptions,
  PasskeyResponse,
  TokenParams,
  TotpSetup,
} from '../../../../../core/console/schemas/auth.js';
import { isRole } from '../../../../../core/console/roles.js';
import { access } from '../../../../console/context.js';
import { completeEnrolment, enrolEmail, linkOrThrow, pendingOf, startPending } from '../../../../console/enrol.js';
import { memberById } from '../../../../console/members.js';
import { problems } from '../../../../console/problems.js';
import { newTotpSecret, totpSetup, totpStep } from '../../../../console/totp.js';
import { registrationOptions, relyingParty, verifyRegistration } from '../../../../console/webauthn.js';

/** Enrolment from a link (server/console/enrol.ts): password and name, then a TOTP app or a passkey. */
type P = { Params: { token: string } };

const route = routeModule((app) => {
  app.get<P>(
    '/:token',
    { config: access('GET /enrolment/:token'), schema: { params: TokenParams, response: { 200: Enrolment } } },
    async (req) => {
      const link = await linkOrThrow(app, req.params.token);
      const email = link.member_id !== null ? ((await memberById(app.db, link.member_id))?.email ?? '') : link.email;
      return { email, roles: (JSON.parse(link.roles) as unknown[]).filter(isRole), expiresAt: Number(link.expires_at) };
    },
  );

  app.post<P & { Body: EnrolStart }>(
    '/:token/totp',
    { config: access('POST /enrolment/:token/totp'), schema: { params: TokenParams, body: EnrolStart, response: { 200: TotpSetup } } },
    async (req) => {
      const link = await linkOrThrow(app, req.params.token);
      const secret = newTotpSecret();
      const pending = await startPending(app, link, req.body, { totpSecret: secret });
      return totpSetup(secret, pending.email);
    },
  );

  app.post<P & { Body: { code: string } }>(
    '/:token/totp/confirm',
    { config: access('POST /enrolment/:token/totp/confirm'), schema: { params: TokenParams, body: CodeBody, response: { 200: Enrolled } } },
    async (req, reply) => {
      const link = await linkOrThrow(app, req.params.token);
      const pending = pendingOf(link);
      if (!pending?.totpSecret) throw problems.badCode();
      const step = totpStep(pending.totpSecret, req.body.code, 0, app.clock.now());
      if (step === null) throw problems.badCode();
      return completeEnrolment(app, req, reply, link, pending, {
        kind: 'totp',
        name: 'Authenticator app',
        secret: pending.totpSecret,
        lastStep: step,
      });
    },
  );

  app.post<P & { Body: EnrolStart }>(
    '/:token/passkey',
    {
      config: access('POST /enrolment/:token/passkey'),
      schema: { params: TokenParams, body: EnrolStart, response: { 200: PasskeyOptions } },
    },
    async (req) => {
      const link = await linkOrThrow(app, req.params.token);
      const email = await enrolEmail(app, link, req.body.email);
      const options = await registrationOptions(relyingParty(req, app.config.publicUrl).rpID, email, []);
      await startPending(app, link, req.body, { webauthnChallenge: options.challenge });
      return { options };
    },
  );

  app.post<P & { Body: { response: Record<string, unknown> } }>(
    '/:token/passkey/confirm',
    {
      config: access('POST /enrolment/:token/passkey/confirm'),
      schema: { params: TokenParams, body: PasskeyResponse, response: { 200: Enrolled } },
    },
    async (req, reply) => {
      const link = await linkOrThrow(app, req.params.token);
      const pending = pendingOf(link);
      if (!pending?.webauthnChallenge) throw problems.badCode();
      const cred = await verifyRegistration(req.body.response, pending.webauthnChallenge, relyingParty(req, app.config.publicUrl));
      if (!cred) throw problems.badCode();
      return completeEnrolment(app, req, reply, link, pending, { kind: 'passkey', name: 'Passkey', ...cred });
    },
  );
});
export default route;
