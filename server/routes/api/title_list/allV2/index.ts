import { sendEncoded } from '../../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../../lib/route.js';
import { visitorPick } from '../../../../services/coverVariants.js';

/** GET /api/title_list/allV2: every series group, A to Z. */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => sendEncoded(req, reply, await app.services.allV2(await visitorPick(app, req))));
});
export default route;
