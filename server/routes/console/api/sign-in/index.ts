import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { relyingPartyOf, withSession } from '../../../../console/context.js';
import { signIn } from '../../../../console/signin.js';

/** Sign-in (server/console/signin.ts): the password, then one second factor, which starts the session (its cookie set here). */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'POST /sign-in', (req) => signIn.password(ctx(), actorOf(req), req.body, () => relyingPartyOf(app, req).rpID));
  handle(app, 'POST /sign-in/totp', async (req, reply) =>
    withSession(req, reply, await signIn.totp(ctx(), actorOf(req), req.body.challenge, req.body.code)),
  );
  handle(app, 'POST /sign-in/recovery', async (req, reply) =>
    withSession(req, reply, await signIn.recovery(ctx(), actorOf(req), req.body.challenge, req.body.code)),
  );
  handle(app, 'POST /sign-in/with-recovery-code', async (req, reply) =>
    withSession(req, reply, await signIn.withRecoveryCode(ctx(), actorOf(req), req.body)),
  );
  handle(app, 'POST /sign-in/passkey', async (req, reply) =>
    withSession(req, reply, await signIn.passkey(ctx(), actorOf(req), req.body.challenge, req.body.response, relyingPartyOf(app, req))),
  );
});
export default route;
