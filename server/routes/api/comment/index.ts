import { errors } from '../../../lib/errors.js';
import { params, uintParam } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { APP_AWARE } from '../../../services/mobile.js';

/** GET /api/comment?chapter_id=: the chapter's comments, most liked then newest (failures with the app parameters: HTTP 200). */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT, ...APP_AWARE }, async (req, reply) => {
    const chapterId = uintParam(params(req), 'chapter_id');
    const s = await app.services.snapshot();
    const c = await app.repos.chapters.byId(chapterId);
    const t = c ? s.titlesById.get(c.title_id) : undefined;
    if (!c || !t || c.start_ts > Math.floor(Date.now() / 1000)) throw errors.chapterNotFound(chapterId);
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
            isMyComment: false,
            alreadyLiked: f.liked.has(r.id),
            numberOfLikes: r.likes,
            body: r.body,
            created: r.created,
          })),
          ifSetUserName: false,
          titleDetailComment: { titleId: t.id, titleName: t.name, chapterName: c.name, credit: t.author },
        },
      },
    });
  });
});
export default route;
