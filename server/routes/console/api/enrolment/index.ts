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
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access, relyingPartyOf, withSession } from '../../../../console/context.js';
import { enrolment } from '../../../../console/enrol.js';

/** Enrolment from a link (server/console/enrol.ts): password and name, then a TOTP app or a passkey. */
type P = { Params: { token: string } };

const route = routeModule((app) => {
  app.get<P>('/:token', { config: access('GET /enrolment/:token'), schema: { params: TokenParams, response: { 200: Enrolment } } }, (req) =>
    enrolment.get(consoleCtx(app), req.params.token),
  );

  app.post<P & { Body: EnrolStart }>(
    '/:token/totp',
    { config: access('POST /enrolment/:token/totp'), schema: { params: TokenParams, body: EnrolStart, response: { 200: TotpSetup } } },
    (req) => enrolment.startTotp(consoleCtx(app), req.params.token, req.body),
  );

  app.post<P & { Body: { code: string } }>(
    '/:token/totp/confirm',
    { config: access('POST /enrolment/:token/totp/confirm'), schema: { params: TokenParams, body: CodeBody, response: { 200: Enrolled } } },
    async (req, reply) =>
      withSession(req, reply, await enrolment.confirmTotp(consoleCtx(app), actorOf(req), req.params.token, req.body.code)),
  );

  app.post<P & { Body: EnrolStart }>(
    '/:token/passkey',
    {
      config: access('POST /enrolment/:token/passkey'),
      schema: { params: TokenParams, body: EnrolStart, response: { 200: PasskeyOptions } },
    },
    (req) => enrolment.startPasskey(consoleCtx(app), req.params.token, req.body, relyingPartyOf(app, req).rpID),
  );

  app.post<P & { Body: { response: Record<string, unknown> } }>(
    '/:token/passkey/confirm',
    {
      config: access('POST /enrolment/:token/passkey/confirm'),
      schema: { params: TokenParams, body: PasskeyResponse, response: { 200: Enrolled } },
    },
    async (req, reply) => {
      const done = await enrolment.confirmPasskey(
        consoleCtx(app),
        actorOf(req),
        req.params.token,
        req.body.response,
        relyingPartyOf(app, req),
      );
      return withSession(req, reply, done);
    },
  );
});
export default route;
