import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { relyingPartyOf, withSession } from '../../../../console/context.js';
import { enrolment } from '../../../../console/enrol.js';

/** Enrolment from a link (server/console/enrol.ts): password and name, then a TOTP app or a passkey. */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /enrolment/:token', (req) => enrolment.get(ctx(), req.params.token));
  handle(app, 'POST /enrolment/:token/totp', (req) => enrolment.startTotp(ctx(), req.params.token, req.body));
  handle(app, 'POST /enrolment/:token/totp/confirm', async (req, reply) =>
    withSession(req, reply, await enrolment.confirmTotp(ctx(), actorOf(req), req.params.token, req.body.code)),
  );
  handle(app, 'POST /enrolment/:token/passkey', (req) =>
    enrolment.startPasskey(ctx(), req.params.token, req.body, relyingPartyOf(app, req).rpID),
  );
  handle(app, 'POST /enrolment/:token/passkey/confirm', async (req, reply) =>
    withSession(
      req,
      reply,
      await enrolment.confirmPasskey(ctx(), actorOf(req), req.params.token, req.body.response, relyingPartyOf(app, req)),
    ),
  );
});
export default route;
