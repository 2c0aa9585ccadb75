import { sendEncoded } from '../../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../../lib/route.js';
import { visitorPick } from '../../../../services/coverVariants.js';

/** GET /api/title_list/updated: titles by their latest release (14 days), and per day. */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => sendEncoded(req, reply, await app.services.updated(await visitorPick(app, req))));
});
export default route;
