import { routeModule } from '../../../../lib/route.js';
import { PasswordBody, Sessions, SessionParams } from '../../../../../core/console/schemas/auth.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access, memberOf } from '../../../../console/context.js';
import { changePassword } from '../../../../console/passwords.js';
import { endSession, sessionsOf } from '../../../../console/sessions.js';
import registerFactors from '../../../../console/factorRoutes.js';

/** The member's own sessions and password (their factors: server/console/factorRoutes.ts). */
const route = routeModule((app) => {
  app.get('/sessions', { config: access('GET /me/sessions'), schema: { response: { 200: Sessions } } }, (req) => {
    const m = memberOf(req);
    return sessionsOf(consoleCtx(app), m.id, app.consoleLifetimes, m.sessionId);
  });

  app.delete<{ Params: { id: number } }>(
    '/sessions/:id',
    { config: access('DELETE /me/sessions/:id'), schema: { params: SessionParams } },
    async (req, reply) => {
      const m = memberOf(req);
      await endSession(consoleCtx(app), actorOf(req), m.id, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { password: string } }>(
    '/password',
    { config: access('POST /me/password'), schema: { body: PasswordBody } },
    async (req, reply) => {
      await changePassword(consoleCtx(app), actorOf(req), memberOf(req), req.body.password);
      return reply.code(204).send();
    },
  );

  registerFactors(app);
});
export default route;
