import { baseUrl, params } from '../../../../lib/params.js';
import { sendEncoded } from '../../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../../lib/route.js';
import { MOBILE, mobileClang } from '../../../../services/mobile.js';
import { freeTitles } from '../../../../services/mobileViews.js';
import { visitorPick } from '../../../../services/coverVariants.js';

/** GET /api/title_list/free_titles?clang=: SuccessResult 33 AllFreeTitlesView (server/services/mobileViews.ts). */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT, ...MOBILE }, async (req, reply) => {
    const pick = await visitorPick(app, req);
    return sendEncoded(req, reply, await freeTitles(app, mobileClang(params(req)), baseUrl(req, app.config.publicUrl), pick));
  });
});
export default route;
