import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { reauthUntil } from '../../../../console/context.js';
import { linkBase } from '../../../../console/invitations.js';
import { staff } from '../../../../console/members.js';
import { endSession, sessionsOf } from '../../../../console/sessions.js';

/** Staff management (owner): list, roles, languages, disable, factor reset, their sessions. */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /staff', () => staff.list(ctx()));
  handle(app, 'PATCH /staff/:id', (req) => staff.patch(ctx(), actorOf(req), req.params.id, req.body, reauthUntil(req)));
  handle(app, 'POST /staff/:id/reset-factors', (req) =>
    staff.resetFactors(ctx(), actorOf(req), req.params.id, reauthUntil(req), linkBase(app.config), {
      mailer: app.mailer,
      locale: req.query.locale,
    }),
  );
  handle(app, 'GET /staff/:id/sessions', async (req) => {
    await staff.found(ctx(), req.params.id);
    const own = req.staff?.kind === 'member' ? req.staff.session.id : null;
    return sessionsOf(ctx(), req.params.id, app.consoleLifetimes, own);
  });
  handle(app, 'DELETE /staff/:id/sessions/:sid', async (req, reply) => {
    await endSession(ctx(), actorOf(req), req.params.id, req.params.sid, { member: req.params.id });
    return reply.code(204).send();
  });
  handle(app, 'DELETE /staff/:id/sessions', async (req, reply) => {
    await staff.endSessions(ctx(), actorOf(req), req.params.id);
    return reply.code(204).send();
  });
});
export default route;
