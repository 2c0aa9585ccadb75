import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { releaseGroups } from '../../../../console/catalog/releaseGroups.js';

/**
 * One release in several languages: make, change, schedule or move, release
 * now and cancel a release group (server/console/catalog/releaseGroups.ts).
 */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /release-groups', async (req) => releaseGroups.list(ctx(), req.query));
  handle(app, 'POST /release-groups', async (req, reply) =>
    reply.code(201).send(await releaseGroups.create(ctx(), actorOf(req), req.body)),
  );
  handle(app, 'GET /release-groups/:id', async (req) => releaseGroups.get(ctx(), req.params.id));
  handle(app, 'PATCH /release-groups/:id', async (req) => releaseGroups.patch(ctx(), actorOf(req), req.params.id, req.body));
  handle(app, 'PUT /release-groups/:id/schedule', async (req) =>
    releaseGroups.schedule(ctx(), actorOf(req), app.catalog, req.params.id, req.body),
  );
  handle(app, 'POST /release-groups/:id/now', async (req) =>
    releaseGroups.now(ctx(), actorOf(req), app.catalog, req.params.id, req.body.version),
  );
  handle(app, 'POST /release-groups/:id/cancel', async (req) =>
    releaseGroups.cancel(ctx(), actorOf(req), app.catalog, req.params.id, req.body.version),
  );
});
export default route;
