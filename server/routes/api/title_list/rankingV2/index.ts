import { clangParam, enumParam, langParam, params } from '../../../../lib/params.js';
import { sendEncoded } from '../../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../../lib/route.js';
import { countListed, visitorPick } from '../../../../services/coverVariants.js';

/** GET /api/title_list/rankingV2?lang=&type=hottest|trending|completed&clang=: ranked series. */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => {
    const p = params(req);
    const type = enumParam(p, 'type', ['hottest', 'trending', 'completed'] as const, 'hottest');
    const [lang, langs] = [langParam(p).language, clangParam(p)];
    const pick = await visitorPick(app, req);
    await countListed(app, req, pick, lang, langs);
    return sendEncoded(req, reply, await app.services.ranking(type, lang, langs, pick));
  });
});
export default route;
