import { baseUrl, params } from '../../../lib/params.js';
import { sendEncoded } from '../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { previewOf } from '../../../services/preview.js';
import { countHomeBanners, countListed, visitorPick } from '../../../services/coverVariants.js';
import { MOBILE, mobileClang, mobileLang } from '../../../services/mobile.js';
import { homeV3 } from '../../../services/mobileViews.js';

/** GET /api/home_v4?viewer_mode=&lang=&clang= (the phone app's home): SuccessResult 24 HomeViewV3 (server/services/mobileViews.ts). */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT, ...MOBILE }, async (req, reply) => {
    const p = params(req);
    const [lang, langs] = [mobileLang(p).language, mobileClang(p)];
    const preview = await previewOf(app, req, reply);
    const pick = preview ? undefined : await visitorPick(app, req, undefined, true);
    if (pick) {
      await countListed(app, req, pick, lang, langs);
      await countHomeBanners(app, req, pick, lang);
    }
    return sendEncoded(req, reply, await homeV3(app, lang, langs, baseUrl(req, app.config.publicUrl), preview, pick));
  });
});
export default route;
