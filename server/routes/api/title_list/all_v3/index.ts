import { clangParam, enumParam, langParam, params } from '../../../../lib/params.js';
import { sendEncoded } from '../../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../../lib/route.js';
import { countListed, visitorPick } from '../../../../services/coverVariants.js';

/** GET /api/title_list/all_v3?type=serializing|completed|one-shot&lang=&clang=: languages + search view. */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => {
    const p = params(req);
    const type = enumParam(p, 'type', ['serializing', 'completed', 'one-shot'] as const, 'serializing');
    const [lang, langs] = [langParam(p).language, clangParam(p)];
    const pick = await visitorPick(app, req);
    await countListed(app, req, pick, lang, langs);
    return sendEncoded(req, reply, await app.services.allV3(type, lang, langs, pick));
  });
});
export default route;
