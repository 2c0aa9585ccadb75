import { langParam, params } from '../../../../lib/params.js';
import { sendEncoded } from '../../../../lib/proto.js';
import { routeModule } from '../../../../lib/route.js';

/** GET /api/web/announcement?lang=: languages and the service announcements in lang (sanitised HTML). */
const route = routeModule((app) => {
  app.get('/', async (req, reply) => {
    return sendEncoded(req, reply, await app.services.announcements(langParam(params(req)).language));
  });
});
export default route;
