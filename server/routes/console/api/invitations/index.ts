import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { reauthUntil } from '../../../../console/context.js';
import { invitations, linkBase } from '../../../../console/invitations.js';

/** Invitations (owner): enrolment links for new members, 24 h, single use. */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /invitations', () => invitations.list(ctx()));
  handle(app, 'POST /invitations', (req) =>
    invitations.create(ctx(), actorOf(req), req.body, linkBase(app.config), reauthUntil(req), app.mailer),
  );
  handle(app, 'DELETE /invitations/:id', async (req, reply) => {
    await invitations.withdraw(ctx(), actorOf(req), req.params.id);
    return reply.code(204).send();
  });
});
export default route;
