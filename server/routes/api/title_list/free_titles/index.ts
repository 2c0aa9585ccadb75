import { baseUrl, params } from '../../../../lib/params.js';
import { sendEncoded } from '../../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../../lib/route.js';
import { MOBILE, mobileClang } from '../../../../services/mobile.js';
import { freeTitles } from '../../../../services/mobileViews.js';

/** GET /api/title_list/free_titles?clang=: SuccessResult 33 AllFreeTitlesView (server/services/mobileViews.ts). */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT, ...MOBILE }, async (req, reply) =>
    sendEncoded(req, reply, await freeTitles(app, mobileClang(params(req)), baseUrl(req, app.config.publicUrl))),
  );
});
export default route;
