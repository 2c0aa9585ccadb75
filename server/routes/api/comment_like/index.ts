import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../../lib/errors.js';
import { params, uintParam } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { write, routeModule } from '../../../lib/route.js';

/** PUT / DELETE /api/comment_like?comment_id=: the visitor likes or unlikes a comment. */
const route = routeModule((app) => {
  const handler = (like: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
    const id = uintParam(params(req), 'comment_id');
    if (!(await app.repos.comments.exists(id))) throw errors.notFound(`comment ${id}`, 10408);
    if (like) await app.repos.comments.like(req.visitor, id);
    else await app.repos.comments.unlike(req.visitor, id);
    // Like counts appear on the viewer's last page.
    app.services.invalidateViewers();
    return sendSuccess(req, reply, {});
  };
  app.put('/', { config: write(app) }, handler(true));
  app.delete('/', { config: write(app) }, handler(false));
});
export default route;
