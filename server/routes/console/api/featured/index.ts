import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { createList, deleteList, featuredOf, orderBlocks, patchList } from '../../../../console/home/featured.js';

/** Featured lists and the featured page's order (editor). */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /featured', async () => featuredOf(ctx()));
  handle(app, 'PUT /featured/blocks', async (req) => orderBlocks(ctx(), actorOf(req), req.body.blocks));
  handle(app, 'POST /featured/lists', async (req, reply) => reply.code(201).send(await createList(ctx(), actorOf(req), req.body)));
  handle(app, 'PATCH /featured/lists/:id', async (req) => patchList(ctx(), actorOf(req), req.params.id, req.body));
  handle(app, 'DELETE /featured/lists/:id', async (req, reply) => {
    await deleteList(ctx(), actorOf(req), req.params.id, req.query.version);
    return reply.code(204).send();
  });
});
export default route;
