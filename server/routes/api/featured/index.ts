import { baseUrl, params } from '../../../lib/params.js';
import { sendEncoded } from '../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { previewOf } from '../../../services/preview.js';
import { MOBILE, mobileClang, mobileLang } from '../../../services/mobile.js';
import { featured } from '../../../services/mobileViews.js';

/** GET /api/featured?lang= (the phone app's featured screen): SuccessResult 4 FeaturedTitlesView (server/services/mobileViews.ts). */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT, ...MOBILE }, async (req, reply) => {
    const p = params(req);
    return sendEncoded(
      req,
      reply,
      await featured(app, mobileLang(p).language, mobileClang(p), baseUrl(req, app.config.publicUrl), await previewOf(app, req, reply)),
    );
  });
});
export default route;
