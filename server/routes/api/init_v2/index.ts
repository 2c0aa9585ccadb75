import { baseUrl } from '../../../lib/params.js';
import { sendEncoded } from '../../../lib/proto.js';
import { routeModule } from '../../../lib/route.js';
import { MOBILE } from '../../../services/mobile.js';
import { initV2 } from '../../../services/mobileViews.js';

/** GET /api/init_v2 (the phone app's first call): SuccessResult 28 InitialViewV2 (server/services/mobileViews.ts). */
const route = routeModule((app) => {
  app.get('/', MOBILE, async (req, reply) => sendEncoded(req, reply, await initV2(app, baseUrl(req, app.config.publicUrl))));
});
export default route;
