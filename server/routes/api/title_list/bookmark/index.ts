import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../../../lib/errors.js';
import { langParam, params, strParam, uintParam } from '../../../../lib/params.js';
import { sendSuccess } from '../../../../lib/proto.js';
import { CONTENT, write, routeModule } from '../../../../lib/route.js';
import { titleMsg } from '../../../../services/convert.js';

/** Longest push token accepted (a Web Push subscription as JSON fits easily). */
export const MAX_PUSH_TOKEN = 4096;

/**
 * GET /api/title_list/bookmark: the visitor's favorites, newest first.
 * PUT ?title_id=[&push_token=&lang=]: favorite (and keep the push token).
 * DELETE ?title_id=: unfavorite. The write is committed before the answer.
 */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => {
    const [ids, s] = await Promise.all([app.repos.bookmarks.titleIds(req.visitor), app.services.snapshot()]);
    // A favorite made a moment ago may be newer than the cached catalog.
    const missing = ids.some((id) => !s.titlesById.has(id));
    const snap = missing ? await app.repos.catalog.snapshot(app.clock.nowSec()) : s;
    const titles = ids.flatMap((id) => {
      const t = snap.titlesById.get(id);
      return t ? [titleMsg(t)] : [];
    });
    return sendSuccess(req, reply, { data: { case: 'favoriteTitlesView', value: { titles } } });
  });

  const target = async (req: FastifyRequest) => {
    const p = params(req);
    const id = uintParam(p, 'title_id');
    const s = await app.services.snapshot();
    if (!s.titlesById.has(id) && !(await app.repos.catalog.titleExists(id))) throw errors.titleNotFound(id);
    return { p, id };
  };

  app.put('/', { config: write(app) }, async (req: FastifyRequest, reply: FastifyReply) => {
    const { p, id } = await target(req);
    const token = strParam(p, 'push_token', MAX_PUSH_TOKEN);
    if (token) app.push.assertToken(token);
    const lang = langParam(p);
    await app.repos.bookmarks.add(req.visitor, id);
    if (token) await app.repos.bookmarks.savePushToken(req.visitor, token, lang.service);
    return sendSuccess(req, reply, {});
  });

  app.delete('/', { config: write(app) }, async (req, reply) => {
    const { id } = await target(req);
    await app.repos.bookmarks.remove(req.visitor, id);
    return sendSuccess(req, reply, {});
  });
});
export default route;
