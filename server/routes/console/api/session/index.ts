import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { clearCookie, memberOf } from '../../../../console/context.js';
import { publicMember } from '../../../../console/members.js';
import { problems } from '../../../../console/problems.js';
import { absoluteExpiry, idleExpiry, signOut } from '../../../../console/sessions.js';
import { signIn } from '../../../../console/signin.js';

/** The member's current session: who they are, sign-out, and re-authentication for sensitive changes. */
const route = routeModule((app) => {
  handle(app, 'GET /session', (req) => {
    const p = req.staff;
    if (p?.kind !== 'member') throw problems.forbidden();
    const life = app.consoleLifetimes;
    const s = p.session;
    return {
      member: publicMember(p.member),
      session: { id: s.id, idleExpiresAt: idleExpiry(s, life), expiresAt: absoluteExpiry(s, life), reauthUntil: Number(s.reauth_until) },
    };
  });
  handle(app, 'DELETE /session', async (req, reply) => {
    await signOut(consoleCtx(app), actorOf(req), memberOf(req).sessionId);
    clearCookie(req, reply);
    return reply.code(204).send();
  });
  handle(app, 'POST /session/reauth', (req) => signIn.reauth(consoleCtx(app), actorOf(req), memberOf(req), req.body.password));
});
export default route;
