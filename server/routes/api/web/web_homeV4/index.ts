import { clangParam, enumParam, langParam, params } from '../../../../lib/params.js';
import { sendEncoded } from '../../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../../lib/route.js';
import { previewOf } from '../../../../services/preview.js';

/** GET /api/web/web_homeV4?lang=&viewer_mode=&clang=: the home view. */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => {
    const p = params(req);
    const lang = langParam(p);
    enumParam(p, 'viewer_mode', ['vertical', 'horizontal'], 'vertical');
    return sendEncoded(req, reply, await app.services.home(lang.language, clangParam(p), await previewOf(app, req, reply)));
  });
});
export default route;
