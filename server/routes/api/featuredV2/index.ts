import { clangParam, langParam, params } from '../../../lib/params.js';
import { sendEncoded } from '../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { previewOf } from '../../../services/preview.js';

/** GET /api/featuredV2?lang=&clang=: top banners and featured contents. */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => {
    const p = params(req);
    return sendEncoded(req, reply, await app.services.featured(langParam(p).language, clangParam(p), await previewOf(app, req, reply)));
  });
});
export default route;
