import { routeModule } from '../../../../lib/route.js';
import { ChallengeCode, ChallengePasskey, SignedIn, SignIn, SignInChallenge } from '../../../../../core/console/schemas/auth.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access, relyingPartyOf, withSession } from '../../../../console/context.js';
import { signIn } from '../../../../console/signin.js';

/** Sign-in (server/console/signin.ts): the password, then one second factor, which starts the session (its cookie set here). */
const ok = (schema: unknown) => ({ 200: schema });

const route = routeModule((app) => {
  app.post<{ Body: SignIn }>('/', { config: access('POST /sign-in'), schema: { body: SignIn, response: ok(SignInChallenge) } }, (req) =>
    signIn.password(consoleCtx(app), actorOf(req), req.body, () => relyingPartyOf(app, req).rpID),
  );

  app.post<{ Body: { challenge: string; code: string } }>(
    '/totp',
    { config: access('POST /sign-in/totp'), schema: { body: ChallengeCode, response: ok(SignedIn) } },
    async (req, reply) => withSession(req, reply, await signIn.totp(consoleCtx(app), actorOf(req), req.body.challenge, req.body.code)),
  );

  app.post<{ Body: { challenge: string; code: string } }>(
    '/recovery',
    { config: access('POST /sign-in/recovery'), schema: { body: ChallengeCode, response: ok(SignedIn) } },
    async (req, reply) => withSession(req, reply, await signIn.recovery(consoleCtx(app), actorOf(req), req.body.challenge, req.body.code)),
  );

  app.post<{ Body: { challenge: string; response: Record<string, unknown> } }>(
    '/passkey',
    { config: access('POST /sign-in/passkey'), schema: { body: ChallengePasskey, response: ok(SignedIn) } },
    async (req, reply) =>
      withSession(
        req,
        reply,
        await signIn.passkey(consoleCtx(app), actorOf(req), req.body.challenge, req.body.response, relyingPartyOf(app, req)),
      ),
  );
});
export default route;
