import { errors } from '../../../lib/errors.js';
import { params, uintParam } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { nowSec } from '../../../lib/clock.js';
import { MOBILE } from '../../../services/mobile.js';

/**
 * GET /api/comments?chapter_id= (one client's path; the others use /api/comment):
 * SuccessResult 9 CommentListView, most liked then newest, with the errors of a mobile call.
 */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT, ...MOBILE }, async (req, reply) => {
    const chapterId = uintParam(params(req), 'chapter_id');
    const s = await app.services.snapshot();
    const c = await app.repos.chapters.byId(chapterId);
    const t = c ? s.titlesById.get(c.title_id) : undefined;
    if (!c || !t || c.start_ts > nowSec()) throw errors.chapterNotFound(chapterId);
    const rows = await app.repos.comments.list(chapterId);
    const f = await app.repos.visitors.flags(req.visitor, { commentIds: rows.map((r) => r.id) });
    return sendSuccess(req, reply, {
      data: {
        case: 'commentListView',
        value: {
          comments: rows.map((r) => ({
            id: r.id,
            index: r.idx,
            userName: r.user_name,
            iconUrl: r.icon_url,
            alreadyLiked: f.liked.has(r.id),
            numberOfLikes: r.likes,
            body: r.body,
            created: r.created,
          })),
          titleDetailComment: { titleId: t.id, titleName: t.name, chapterName: c.name, credit: t.author },
        },
      },
    });
  });
});
export default route;
