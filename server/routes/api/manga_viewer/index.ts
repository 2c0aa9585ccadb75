import { QUALITIES } from '../../../images/urls.js';
import { baseUrl, clangParam, enumParam, params, strParam, uintParam } from '../../../lib/params.js';
import { PROTOBUF, sendSuccess } from '../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { countView } from '../../../lib/viewCount.js';
import { encodeViewer, topCommentIds, viewerMessage } from '../../../services/viewer.js';
import { noFlags } from '../../../repos/visitors.js';
import { APP_AWARE, isAppCall } from '../../../services/mobile.js';
import { sendMobileViewer } from '../../../services/mobileViewer.js';
import { previewViewer } from '../../../console/catalog/previewViewer.js';

/**
 * GET /api/manga_viewer?chapter_id=&split=yes&img_quality=low|high|super_high&viewer_mode=&clang=:
 * the chapter's pages and last page. Records the chapter as viewed for the visitor
 * (but when the server renders the page ahead of the app: lib/route.ts RENDER_AHEAD_HEADER).
 * split: stored pages are already single pages or marked halves (LEFT/RIGHT), so
 * both values give the same list; viewer_mode is the client's own layout.
 *
 * The answer is Response.success.mangaViewer (proto/manga/v1/viewer.proto,
 * MangaViewer; generated in core/gen/). The part shared by every visitor is
 * built and cached by the service (server/services/viewer.ts buildViewer,
 * cached in server/services/index.ts) from the repositories
 * (server/repos/chapters.ts, comments.ts, promo.ts); this visitor's favorite,
 * viewed chapters and liked comments come from server/repos/visitors.ts and are
 * added to the pre-encoded answer (encodeViewer, server/services/wire.ts).
 * Called with the app parameters (os, app_ver...) it answers as
 * /api/manga_viewer_v3 does (plain pages, server/services/mobileViewer.ts),
 * failures with HTTP 200. With preview=<token> (a console preview link) it answers the draft
 * that link was made for, to nobody's cache, counting no view; a draft is otherwise unknown here.
 */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT, ...APP_AWARE }, async (req, reply) => {
    const p = params(req);
    const chapterId = uintParam(p, 'chapter_id');
    enumParam(p, 'split', ['yes', 'no'], 'yes');
    const q = enumParam(p, 'img_quality', QUALITIES, 'high');
    enumParam(p, 'viewer_mode', ['vertical', 'horizontal'], 'vertical');
    clangParam(p);
    const preview = strParam(p, 'preview', 64);
    if (preview) {
      const draft = await previewViewer(app.db, app.clock.nowSec(), preview, chapterId, q, baseUrl(req, app.config.publicUrl));
      reply.header('cache-control', 'private, no-store');
      return sendSuccess(req, reply, { data: { case: 'mangaViewer', value: draft } });
    }
    const v = await app.services.viewer(chapterId, q, baseUrl(req, app.config.publicUrl));
    // Rendered ahead of the app, the view is the app's to count (GET /api/chapter_view): the session may be a planted cookie's.
    await countView(req, chapterId);
    // A token made for this request has no favorites, views or likes to look up (but this view, below).
    const f = req.newVisitor
      ? noFlags()
      : await app.repos.visitors.flags(req.visitor, { titleIds: [v.titleId], chapterIds: v.chapterIds, commentIds: topCommentIds(v) });
    app.repos.views.addPending(req.visitor, v.chapterIds, f.viewed);
    if (isAppCall(req)) return sendMobileViewer(req, reply, v, f);
    if ((req.query as Record<string, unknown>).format === 'json') {
      return sendSuccess(req, reply, { data: { case: 'mangaViewer', value: viewerMessage(v, f) } });
    }
    return reply.type(PROTOBUF).send(encodeViewer(v, f));
  });
});
export default route;
