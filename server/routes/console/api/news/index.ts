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
import { BY_SHORT } from '../../../../../core/languages.js';
import { access } from '../../../../console/context.js';
import { news, newsOf } from '../../../../console/home/texts.js';

/** Publisher news (editor; a localizer in their languages): newest publication first. */
const route = routeModule((app) => {
  app.get<{ Querystring: { publisher?: number; language?: Lang } }>(
    '/',
    { config: access('GET /news'), schema: { querystring: NewsQuery, response: { 200: NewsList } } },
    async (req) => {
      let q = app.db.selectFrom('publisher_news').selectAll();
      if (req.query.publisher !== undefined) q = q.where('publisher_id', '=', req.query.publisher);
      if (req.query.language) q = q.where('language', '=', Number(BY_SHORT[req.query.language].language));
      const rows = await q.orderBy('published_ts', 'desc').orderBy('id', 'desc').limit(500).execute();
      const now = app.clock.nowSec();
      return { news: rows.map((r) => newsOf(r, now)) };
    },
  );

  app.get('/publishers', { config: access('GET /news/publishers'), schema: { response: { 200: Publishers } } }, async () => ({
    publishers: await app.db.selectFrom('publishers').select(['id', 'name']).orderBy('id').execute(),
  }));

  app.post<{ Body: NewNews }>(
    '/',
    { config: access('POST /news'), schema: { body: NewNews, response: { 201: News } } },
    async (req, reply) => reply.code(201).send(await news.create(app, req, req.body)),
  );

  app.patch<{ Params: { id: number }; Body: NewsPatch }>(
    '/:id',
    { config: access('PATCH /news/:id'), schema: { params: IdParams, body: NewsPatch, response: { 200: News } } },
    async (req) => news.patch(app, req, req.params.id, req.body),
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/:id',
    { config: access('DELETE /news/:id'), schema: { params: IdParams, querystring: VersionQuery } },
    async (req, reply) => {
      await news.remove(app, req, req.params.id, req.query.version);
      return reply.code(204).send();
    },
  );
});
export default route;
