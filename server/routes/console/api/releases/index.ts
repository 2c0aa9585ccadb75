import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { requireReauth } from '../../../../console/context.js';
import { releases } from '../../../../console/catalog/schedule.js';

/**
 * Releases: schedule or move (PUT), release now, take back a
 * scheduled one (DELETE), take a live one down (the password again) and
 * restore it (server/console/catalog/schedule.ts).
 */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'PUT /releases/:id', async (req) => releases.schedule(ctx(), actorOf(req), app.catalog, req.params.id, req.body));
  handle(app, 'POST /releases/:id/now', async (req) => releases.now(ctx(), actorOf(req), app.catalog, req.params.id, req.body.version));
  handle(app, 'DELETE /releases/:id', async (req) => releases.cancel(ctx(), actorOf(req), app.catalog, req.params.id, req.query.version));
  handle(app, 'POST /releases/:id/take-down', async (req) => {
    requireReauth(app, req);
    return releases.takeDown(ctx(), actorOf(req), app.catalog, req.params.id, req.body.version);
  });
  handle(app, 'POST /releases/:id/restore', async (req) =>
    releases.restore(ctx(), actorOf(req), app.catalog, req.params.id, req.body.version),
  );
});
export default route;
