import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { commentChapters, listComments, moderate } from '../../../../console/home/comments.js';

/** Comments moderation (moderator): list, search, sort by chapter; hide, delete, restore with a reason. */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /comments', async (req) => listComments(ctx(), req.query));
  handle(app, 'GET /comments/chapters', async (req) => ({ chapters: await commentChapters(ctx(), req.query.q) }));
  handle(app, 'POST /comments/:id/hide', async (req) => moderate(ctx(), actorOf(req), req.params.id, 'hide', req.body.reason));
  handle(app, 'POST /comments/:id/delete', async (req) => moderate(ctx(), actorOf(req), req.params.id, 'delete', req.body.reason));
  handle(app, 'POST /comments/:id/restore', async (req) => moderate(ctx(), actorOf(req), req.params.id, 'restore', req.body.reason));
});
export default route;
