import { baseUrl, params } from '../../../../lib/params.js';
import { sendEncoded } from '../../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../../lib/route.js';
import { MOBILE, mobileClang, mobileLang } from '../../../../services/mobile.js';
import { search } from '../../../../services/mobileViews.js';

/** GET /api/title_list/search?lang=&clang=: SuccessResult 35 SearchView, every series (the app filters by itself). */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT, ...MOBILE }, async (req, reply) => {
    const p = params(req);
    return sendEncoded(req, reply, await search(app, mobileLang(p).language, mobileClang(p), baseUrl(req, app.config.publicUrl)));
  });
});
export default route;
