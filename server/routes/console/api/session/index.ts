import { routeModule } from '../../../../lib/route.js';
import { PasswordBody, Reauth, SessionInfo } from '../../../../../core/console/schemas/auth.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access, clearCookie, memberOf } from '../../../../console/context.js';
import { publicMember } from '../../../../console/members.js';
import { problems } from '../../../../console/problems.js';
import { absoluteExpiry, idleExpiry, signOut } from '../../../../console/sessions.js';
import { signIn } from '../../../../console/signin.js';

/** The member's current session: who they are, sign-out, and re-authentication for sensitive changes. */
const route = routeModule((app) => {
  app.get('/', { config: access('GET /session'), schema: { response: { 200: SessionInfo } } }, (req) => {
    const p = req.staff;
    if (p?.kind !== 'member') throw problems.forbidden();
    const life = app.consoleLifetimes;
    const s = p.session;
    return {
      member: publicMember(p.member),
      session: { id: s.id, idleExpiresAt: idleExpiry(s, life), expiresAt: absoluteExpiry(s, life), reauthUntil: Number(s.reauth_until) },
    };
  });

  app.delete('/', { config: access('DELETE /session') }, async (req, reply) => {
    const m = memberOf(req);
    await signOut(consoleCtx(app), actorOf(req), m.sessionId);
    clearCookie(req, reply);
    return reply.code(204).send();
  });

  app.post<{ Body: { password: string } }>(
    '/reauth',
    { config: access('POST /session/reauth'), schema: { body: PasswordBody, response: { 200: Reauth } } },
    (req) => signIn.reauth(consoleCtx(app), actorOf(req), memberOf(req), req.body.password),
  );
});
export default route;
