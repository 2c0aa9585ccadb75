import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { problems } from '../../../../console/problems.js';
import { drafts } from '../../../../console/catalog/drafts.js';
import { board } from '../../../../console/catalog/board.js';

/**
 * Chapters made in the console: drafts, their page board, and the
 * processing job that turns finished uploads into pages
 * (server/console/catalog/drafts.ts, board.ts). Releases are
 * server/routes/console/api/releases/.
 */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /chapters', async (req) => drafts.list(ctx(), req.query.titleId));
  handle(app, 'POST /chapters', async (req, reply) => reply.code(201).send(await drafts.create(ctx(), actorOf(req), req.body)));
  handle(app, 'GET /chapters/:id', async (req) => drafts.get(ctx(), req.params.id));
  handle(app, 'PATCH /chapters/:id', async (req) => drafts.patch(ctx(), actorOf(req), req.params.id, req.body));
  handle(app, 'DELETE /chapters/:id', async (req, reply) => {
    await drafts.remove(ctx(), actorOf(req), app.catalog, req.params.id, req.query.version);
    return reply.code(204).send();
  });
  handle(app, 'PUT /chapters/:id/pages', async (req) => board.set(ctx(), actorOf(req), app.catalog, req.params.id, req.body));
  handle(app, 'POST /chapters/:id/process', async (req, reply) =>
    reply.code(202).send(await board.process(ctx(), actorOf(req), app.catalog, req.params.id, req.body)),
  );
  // A file: the board's thumbnail, cached by the member's browser for an hour.
  handle(app, 'GET /chapters/:id/pages/:page/thumb.webp', async (req, reply) => {
    const data = await drafts.thumb(ctx(), app.catalog, req.params.id, req.params.page);
    if (!data) throw problems.notFound('No such page.');
    return reply.header('cache-control', 'private, max-age=3600').type('image/webp').send(data);
  });
});

export default route;
