import { errors } from '../../../lib/errors.js';
import { params, uintParam } from '../../../lib/params.js';
import { sendSuccess } from '../../../lib/proto.js';
import { CONTENT, routeModule } from '../../../lib/route.js';
import { APP_AWARE } from '../../../services/mobile.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The chapter's comments as CommentListView, most liked then newest: /api/comment and the phone app's /api/comments. */
export const commentList = (app: FastifyInstance) => async (req: FastifyRequest, reply: FastifyReply) => {
  const chapterId = uintParam(params(req), 'chapter_id');
  const s = await app.services.snapshot();
  const c = await app.repos.chapters.byId(chapterId);
  const t = c ? s.titlesById.get(c.title_id) : undefined;
  if (!c || !t || c.start_ts > app.clock.nowSec()) throw errors.chapterNotFound(chapterId);
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
};

/** GET /api/comment?chapter_id= (failures with the app parameters: HTTP 200). */
const route = routeModule((app) => {
  app.get('/', { config: CONTENT, ...APP_AWARE }, commentList(app));
});
export default route;
