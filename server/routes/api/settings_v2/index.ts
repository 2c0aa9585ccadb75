import { baseUrl } from '../../../lib/params.js';
import { sendEncoded } from '../../../lib/proto.js';
import { routeModule } from '../../../lib/route.js';
import { MOBILE } from '../../../services/mobile.js';
import { settingsV2 } from '../../../services/mobileViews.js';

/**
 * GET /api/settings_v2?viewer_mode=&lang=&clang=: SuccessResult 26 SettingsViewV2,
 * with the visitor's favorites (server/services/mobileViews.ts).
 */
const route = routeModule((app) => {
  app.get('/', MOBILE, async (req, reply) =>
    sendEncoded(req, reply, await settingsV2(app, req.visitor, baseUrl(req, app.config.publicUrl))),
  );
});
export default route;
