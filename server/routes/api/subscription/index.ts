import { baseUrl, params } from '../../../lib/params.js';
import { sendEncoded } from '../../../lib/proto.js';
import { routeModule } from '../../../lib/route.js';
import { MOBILE, mobileClang } from '../../../services/mobile.js';
import { subscription } from '../../../services/mobileViews.js';

/** GET /api/subscription: SuccessResult 36 SubscriptionView, the plans (every visitor is basic; server/services/mobileViews.ts). */
const route = routeModule((app) => {
  app.get('/', MOBILE, async (req, reply) =>
    sendEncoded(req, reply, await subscription(app, mobileClang(params(req)), baseUrl(req, app.config.publicUrl))),
  );
});
export default route;
