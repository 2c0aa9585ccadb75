import { baseUrl, clangParam, params, uintParam } from '../../../lib/params.js';
import { PROTOBUF, sendSuccess } from '../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { encodeTitleDetail, titleDetailMessage } from '../../../services/titleDetail.js';
import { noFlags } from '../../../repos/visitors.js';
import { countShown, visitorPick } from '../../../services/coverVariants.js';

/**
 * GET /api/title_detailV3?title_id=&clang=: the title, its chapters split
 * first / mid / last, and the visitor's favorite and viewed chapters.
 * Response.success.titleDetailView (proto/manga/v1/title.proto), built by
 * server/services/titleDetail.ts; the visitor's flags from server/repos/visitors.ts.
 */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => {
    const p = params(req);
    const titleId = uintParam(p, 'title_id');
    clangParam(p);
    // The visitor's variant of the title's cover tests; opening the page is a tap on it.
    const pick = await visitorPick(app, req, titleId);
    const d = await app.services.titleDetail(titleId, baseUrl(req, app.config.publicUrl), pick);
    countShown(app.repos.stats, pick, 'ct.tap', req.visitor);
    // A token made for this request has no favorites or views to look up.
    const f = req.newVisitor ? noFlags() : await app.repos.visitors.flags(req.visitor, { titleIds: [titleId], chapterIds: d.chapterIds });
    app.repos.views.addPending(req.visitor, d.chapterIds, f.viewed);
    if ((req.query as Record<string, unknown>).format === 'json') {
      return sendSuccess(req, reply, { data: { case: 'titleDetailView', value: titleDetailMessage(d, f) } });
    }
    return reply.type(PROTOBUF).send(encodeTitleDetail(d, f));
  });
});
export default route;
