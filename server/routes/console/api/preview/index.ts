import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { problems } from '../../../../console/problems.js';
import { previews } from '../../../../console/catalog/previews.js';

/**
 * Staff previews of a chapter as a reader will see it
 * (server/console/catalog/previews.ts): a link that expires, usable only
 * inside the console scope, whose pages are served from here.
 */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  // 15 minutes unless CONSOLE_PREVIEW_SECONDS says otherwise (server/config.ts).
  const lifetime = app.config.consolePreviewSeconds;
  handle(app, 'POST /preview/:id', async (req) => previews.create(ctx(), actorOf(req), req.params.id, lifetime));
  handle(app, 'GET /preview/:token', async (req) => previews.open(ctx(), req.params.token));
  // A file: one page's image, never kept by the browser (the link expires).
  handle(app, 'GET /preview/:token/page/:idx/:file', async (req, reply) => {
    const data = await previews.page(ctx(), app.catalog, req.params.token, req.params.idx, req.params.file);
    if (!data) throw problems.notFound('No such page.');
    return reply.header('cache-control', 'private, no-store').type('image/webp').send(data);
  });
});
export default route;
