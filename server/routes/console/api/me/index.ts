import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { memberOf } from '../../../../console/context.js';
import { changePassword } from '../../../../console/passwords.js';
import { endSession, sessionsOf } from '../../../../console/sessions.js';
import registerFactors from '../../../../console/factorRoutes.js';

/** The member's own sessions and password (their factors: server/console/factorRoutes.ts). */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /me/sessions', (req) => {
    const m = memberOf(req);
    return sessionsOf(ctx(), m.id, app.consoleLifetimes, m.sessionId);
  });
  handle(app, 'DELETE /me/sessions/:id', async (req, reply) => {
    await endSession(ctx(), actorOf(req), memberOf(req).id, req.params.id);
    return reply.code(204).send();
  });
  handle(app, 'POST /me/password', async (req, reply) => {
    await changePassword(ctx(), actorOf(req), memberOf(req), req.body.password);
    return reply.code(204).send();
  });

  registerFactors(app);
});
export default route;
