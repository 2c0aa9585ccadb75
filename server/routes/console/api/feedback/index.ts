import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { feedback } from '../../../../console/feedback.js';

/** The feedback inbox (moderator, server/console/feedback.ts): newest first, read/unread marks and an export. */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /feedback', (req) => feedback.page(ctx(), req.query));
  handle(app, 'PATCH /feedback/:id', (req) => feedback.mark(ctx(), actorOf(req), req.params.id, req.body.read));
  handle(app, 'GET /feedback/export', async (req, reply) => {
    const out = await feedback.export(ctx(), req.query.format);
    return reply.type(out.type).header('content-disposition', `attachment; filename="${out.filename}"`).send(out.body);
  });
});
export default route;
