import { clangParam, enumParam, langParam, params } from '../../../../lib/params.js';
import { sendEncoded } from '../../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../../lib/route.js';
import { previewOf } from '../../../../services/preview.js';
import { countHomeBanners, countListed, visitorPick } from '../../../../services/coverVariants.js';

/** GET /api/web/web_homeV4?lang=&viewer_mode=&clang=: the home view. */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => {
    const p = params(req);
    const lang = langParam(p);
    enumParam(p, 'viewer_mode', ['vertical', 'horizontal'], 'vertical');
    const langs = clangParam(p);
    const preview = await previewOf(app, req, reply);
    const pick = preview ? undefined : await visitorPick(app, req, undefined, true);
    if (pick) {
      await countListed(app, req, pick, lang.language, langs);
      await countHomeBanners(app, req, pick, lang.language);
    }
    return sendEncoded(req, reply, await app.services.home(lang.language, langs, preview, pick));
  });
});
export default route;
