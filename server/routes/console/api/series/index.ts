import { routeModule } from '../../../../lib/route.js';
import {
  Series,
  SeriesCreate,
  SeriesList,
  SeriesPatch,
  SeriesQuery,
  TitleCreate,
  TitleFull,
} from '../../../../../core/console/schemas/catalog.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { series } from '../../../../console/catalog/series.js';

/**
 * Series and their titles per language (issue 31; server/console/catalog/series.ts).
 * Every write is based on a version (stale: 409 with the series as it is now)
 * and audited in its transaction.
 */
const route = routeModule((app) => {
  app.get<{ Querystring: { q?: string } }>(
    '/',
    { config: access('GET /series'), schema: { querystring: SeriesQuery, response: { 200: SeriesList } } },
    async (req) => ({ series: await series.list(consoleCtx(app), req.query.q) }),
  );

  app.get<{ Params: { id: number } }>(
    '/:id',
    { config: access('GET /series/:id'), schema: { params: IdParams, response: { 200: Series } } },
    async (req) => series.get(consoleCtx(app), req.params.id),
  );

  app.post<{ Body: SeriesCreate }>(
    '/',
    { config: access('POST /series'), schema: { body: SeriesCreate, response: { 201: Series } } },
    async (req, reply) => reply.code(201).send(await series.create(consoleCtx(app), actorOf(req), req.body)),
  );

  app.patch<{ Params: { id: number }; Body: SeriesPatch }>(
    '/:id',
    { config: access('PATCH /series/:id'), schema: { params: IdParams, body: SeriesPatch, response: { 200: Series } } },
    async (req) => series.patch(consoleCtx(app), actorOf(req), req.params.id, req.body),
  );

  app.post<{ Params: { id: number }; Body: TitleCreate }>(
    '/:id/titles',
    { config: access('POST /series/:id/titles'), schema: { params: IdParams, body: TitleCreate, response: { 201: TitleFull } } },
    async (req, reply) => reply.code(201).send(await series.addTitle(consoleCtx(app), actorOf(req), req.params.id, req.body)),
  );
});
export default route;
