import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { series } from '../../../../console/catalog/series.js';
import { publishSeries, unpublishSeries } from '../../../../console/catalog/seriesPublish.js';

/**
 * Series and their titles per language (server/console/catalog/series.ts).
 * Every write is based on a version (stale: 409 with the series as it is now)
 * and audited in its transaction. A new series and its titles are drafts
 * until a chapter is released or they are published as coming soon (and
 * taken back to draft while no chapter is released).
 */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /series', async (req) => ({ series: await series.list(ctx(), req.query.q) }));
  handle(app, 'GET /series/:id', async (req) => series.get(ctx(), req.params.id));
  handle(app, 'POST /series', async (req, reply) => reply.code(201).send(await series.create(ctx(), actorOf(req), req.body)));
  handle(app, 'PATCH /series/:id', async (req) => series.patch(ctx(), actorOf(req), req.params.id, req.body));
  handle(app, 'POST /series/:id/publish', async (req) => publishSeries(ctx(), actorOf(req), req.params.id, req.body));
  handle(app, 'POST /series/:id/unpublish', async (req) => unpublishSeries(ctx(), actorOf(req), req.params.id, req.body.version));
  handle(app, 'POST /series/:id/titles', async (req, reply) =>
    reply.code(201).send(await series.addTitle(ctx(), actorOf(req), req.params.id, req.body)),
  );
});
export default route;
