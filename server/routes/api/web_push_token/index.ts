import { langParam, params, strParam } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { write, routeModule } from '../../../lib/route.js';
import { MAX_PUSH_TOKEN } from '../title_list/bookmark/index.js';

/**
 * GET /api/web_push_token: the VAPID public key browsers subscribe with
 * (PushTokenView.application_server_key).
 * POST /api/web_push_token?push_token=&lang=: keeps the visitor's push token
 * (a Web Push subscription JSON) and service language.
 */
const route = routeModule((app) => {
  app.get('/', async (req, reply) =>
    sendSuccess(req, reply, { data: { case: 'pushTokenView', value: { applicationServerKey: app.push.publicKey } } }),
  );

  app.post('/', { config: write(app) }, async (req, reply) => {
    const p = params(req);
    const token = strParam(p, 'push_token', MAX_PUSH_TOKEN, { required: true });
    app.push.assertToken(token);
    const lang = langParam(p);
    const at = await app.repos.bookmarks.savePushToken(req.visitor, token, lang.service);
    return sendSuccess(req, reply, {
      data: { case: 'pushTokenView', value: { token, tokenTimeStamp: at, applicationServerKey: app.push.publicKey } },
    });
  });
});
export default route;
