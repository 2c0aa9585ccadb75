import type { FastifyPluginAsync } from 'fastify';
import { langParam, params, strParam } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { write } from '../../../lib/route.js';
import { MAX_PUSH_TOKEN } from '../title_list/bookmark/index.js';

/** POST /api/web_push_token?push_token=&lang=: keeps the visitor's push token and service language. */
const route: FastifyPluginAsync = async (app) => {
  app.post('/api/web_push_token', { config: write(app) }, async (req, reply) => {
    const p = params(req);
    const token = strParam(p, 'push_token', MAX_PUSH_TOKEN, { required: true });
    const lang = langParam(p);
    const at = await app.repos.bookmarks.savePushToken(req.visitor, token, lang.service);
    return sendSuccess(req, reply, { data: { case: 'pushTokenView', value: { token, tokenTimeStamp: at } } });
  });
};
export default route;
