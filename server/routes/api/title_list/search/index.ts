import { baseUrl, params } from '../../../../lib/params.js';
import { sendEncoded } from '../../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../../lib/route.js';
import { MOBILE, mobileClang, mobileLang } from '../../../../services/mobile.js';
import { search } from '../../../../services/mobileViews.js';
import { countListed, visitorPick } from '../../../../services/coverVariants.js';

/** GET /api/title_list/search?lang=&clang=: SuccessResult 35 SearchView, every series (the app filters by itself). */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT, ...MOBILE }, async (req, reply) => {
    const p = params(req);
    const [lang, langs] = [mobileLang(p).language, mobileClang(p)];
    const pick = await visitorPick(app, req);
    await countListed(app, req, pick, lang, langs);
    return sendEncoded(req, reply, await search(app, lang, langs, baseUrl(req, app.config.publicUrl), pick));
  });
});
export default route;
