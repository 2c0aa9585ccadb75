import { baseUrl } from '../../../lib/params.js';
import { sendEncoded } from '../../../lib/proto.js';
import { routeModule } from '../../../lib/route.js';
import { MOBILE } from '../../../services/mobile.js';
import { profile } from '../../../services/mobileViews.js';

/** GET /api/profile: SuccessResult 13 ProfileSettingsView, the comment icons (server/services/mobileViews.ts). */
const route = routeModule((app) => {
  app.get('/', MOBILE, async (req, reply) => sendEncoded(req, reply, await profile(app, baseUrl(req, app.config.publicUrl))));
});
export default route;
