import { clangParam, langParam, params } from '../../../lib/params.js';
import { sendEncoded } from '../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { previewOf } from '../../../services/preview.js';
import { countListed, visitorPick } from '../../../services/coverVariants.js';

/** GET /api/featuredV2?lang=&clang=: top banners and featured contents. */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => {
    const p = params(req);
    const [lang, langs] = [langParam(p).language, clangParam(p)];
    const preview = await previewOf(app, req, reply);
    const pick = preview ? undefined : await visitorPick(app, req);
    if (pick) await countListed(app, req, pick, lang, langs);
    return sendEncoded(req, reply, await app.services.featured(lang, langs, preview, pick));
  });
});
export default route;
