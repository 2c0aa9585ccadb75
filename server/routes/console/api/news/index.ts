import { routeModule } from '../../../../lib/route.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import {
  NewNews,
  News,
  NewsList,
  NewsPatch,
  NewsQuery,
  Publishers,
  VersionQuery,
  type Lang,
} from '../../../../../core/console/schemas/home.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { news } from '../../../../console/home/texts.js';

/** Publisher news (editor; a localizer in their languages): newest publication first. */
const route = routeModule((app) => {
  app.get<{ Querystring: { publisher?: number; language?: Lang } }>(
    '/',
    { config: access('GET /news'), schema: { querystring: NewsQuery, response: { 200: NewsList } } },
    async (req) => ({ news: await news.list(consoleCtx(app), req.query) }),
  );

  app.get('/publishers', { config: access('GET /news/publishers'), schema: { response: { 200: Publishers } } }, async () => ({
    publishers: await news.publishers(consoleCtx(app)),
  }));

  app.post<{ Body: NewNews }>(
    '/',
    { config: access('POST /news'), schema: { body: NewNews, response: { 201: News } } },
    async (req, reply) => reply.code(201).send(await news.create(consoleCtx(app), actorOf(req), req.body)),
  );

  app.patch<{ Params: { id: number }; Body: NewsPatch }>(
    '/:id',
    { config: access('PATCH /news/:id'), schema: { params: IdParams, body: NewsPatch, response: { 200: News } } },
    async (req) => news.patch(consoleCtx(app), actorOf(req), req.params.id, req.body),
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/:id',
    { config: access('DELETE /news/:id'), schema: { params: IdParams, querystring: VersionQuery } },
    async (req, reply) => {
      await news.remove(consoleCtx(app), actorOf(req), req.params.id, req.query.version);
      return reply.code(204).send();
    },
  );
});
export default route;
