import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { announcements } from '../../../../console/home/texts.js';

/** Service announcements (editor; a localizer in their languages): newest publication first. */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /announcements', async (req) => ({ announcements: await announcements.list(ctx(), req.query.language) }));
  handle(app, 'POST /announcements', async (req, reply) => reply.code(201).send(await announcements.create(ctx(), actorOf(req), req.body)));
  handle(app, 'PATCH /announcements/:id', async (req) => announcements.patch(ctx(), actorOf(req), req.params.id, req.body));
  handle(app, 'DELETE /announcements/:id', async (req, reply) => {
    await announcements.remove(ctx(), actorOf(req), req.params.id, req.query.version);
    return reply.code(204).send();
  });
});
export default route;
