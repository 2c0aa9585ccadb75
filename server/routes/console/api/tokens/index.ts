import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { reauthUntil } from '../../../../console/context.js';
import { tokens } from '../../../../console/tokens.js';

/** API tokens (owner): named, scoped to roles (never owner), expiring, shown once, revocable. */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /tokens', async () => ({ tokens: await tokens.list(ctx()) }));
  handle(app, 'POST /tokens', (req) => tokens.create(ctx(), actorOf(req), req.body, reauthUntil(req)));
  handle(app, 'DELETE /tokens/:id', async (req, reply) => {
    await tokens.revoke(ctx(), actorOf(req), req.params.id);
    return reply.code(204).send();
  });
});
export default route;
