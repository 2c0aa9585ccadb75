import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { news } from '../../../../console/home/texts.js';

/** Publisher news (editor; a localizer in their languages): newest publication first. */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /news', async (req) => ({ news: await news.list(ctx(), req.query) }));
  handle(app, 'GET /news/publishers', async () => ({ publishers: await news.publishers(ctx()) }));
  handle(app, 'POST /news', async (req, reply) => reply.code(201).send(await news.create(ctx(), actorOf(req), req.body)));
  handle(app, 'PATCH /news/:id', async (req) => news.patch(ctx(), actorOf(req), req.params.id, req.body));
  handle(app, 'DELETE /news/:id', async (req, reply) => {
    await news.remove(ctx(), actorOf(req), req.params.id, req.query.version);
    return reply.code(204).send();
  });
});
export default route;
