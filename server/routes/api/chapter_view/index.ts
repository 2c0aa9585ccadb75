import { params, uintParam } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { errors } from '../../../lib/errors.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { countView } from '../../../lib/viewCount.js';
import { assertReadable } from '../../../services/readable.js';

/**
 * GET /api/chapter_view?chapter_id=: counts a view of a readable chapter for
 * the visitor, as GET /api/manga_viewer does, and answers an empty success.
 * The app sends it when it opens a chapter whose answer the server put in the
 * page (src/viewer/api.ts): that answer was made under the page request's
 * cookie, which may name someone else's session, so it counted nothing
 * (lib/route.ts RENDER_AHEAD_HEADER). Like every read it makes no visitor row;
 * a view counts once per visitor, chapter and window, within the address's
 * limit: over it the call succeeds and counts nothing (readers behind one
 * shared address are never refused a chapter): server/lib/viewCount.ts.
 */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT }, async (req, reply) => {
    const chapterId = uintParam(params(req), 'chapter_id');
    const c = await app.repos.chapters.byId(chapterId);
    if (!c) throw errors.chapterNotFound(chapterId);
    assertReadable(c, chapterId, app.clock.nowSec());
    await countView(req, chapterId);
    return sendSuccess(req, reply);
  });
});
export default route;
