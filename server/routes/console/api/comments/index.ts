import { routeModule } from '../../../../lib/route.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import {
  CommentChapterQuery,
  CommentChapters,
  CommentPage,
  CommentQuery,
  ModeratedComment,
  Moderation,
} from '../../../../../core/console/schemas/voice.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { commentChapters, listComments, moderate, type Move } from '../../../../console/home/comments.js';

/** Comments moderation (moderator): list, search, sort by chapter; hide, delete, restore with a reason. */
const route = routeModule((app) => {
  app.get<{ Querystring: CommentQuery }>(
    '/',
    { config: access('GET /comments'), schema: { querystring: CommentQuery, response: { 200: CommentPage } } },
    async (req) => listComments(consoleCtx(app), req.query),
  );

  app.get<{ Querystring: { q?: string } }>(
    '/chapters',
    { config: access('GET /comments/chapters'), schema: { querystring: CommentChapterQuery, response: { 200: CommentChapters } } },
    async (req) => ({ chapters: await commentChapters(consoleCtx(app), req.query.q) }),
  );

  for (const move of ['hide', 'delete', 'restore'] as const satisfies Move[]) {
    app.post<{ Params: { id: number }; Body: Moderation }>(
      `/:id/${move}`,
      { config: access(`POST /comments/:id/${move}`), schema: { params: IdParams, body: Moderation, response: { 200: ModeratedComment } } },
      async (req) => moderate(consoleCtx(app), actorOf(req), req.params.id, move, req.body.reason),
    );
  }
});
export default route;
