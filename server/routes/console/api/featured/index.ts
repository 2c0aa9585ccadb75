import { routeModule } from '../../../../lib/route.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import {
  Featured,
  FeaturedBlocks,
  FeaturedList,
  FeaturedListPatch,
  NewFeaturedList,
  VersionQuery,
} from '../../../../../core/console/schemas/home.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { createList, deleteList, featuredOf, orderBlocks, patchList } from '../../../../console/home/featured.js';

/** Featured lists and the featured page's order (editor). */
const route = routeModule((app) => {
  app.get('/', { config: access('GET /featured'), schema: { response: { 200: Featured } } }, async () => featuredOf(consoleCtx(app)));

  app.put<{ Body: FeaturedBlocks }>(
    '/blocks',
    { config: access('PUT /featured/blocks'), schema: { body: FeaturedBlocks, response: { 200: Featured } } },
    async (req) => orderBlocks(consoleCtx(app), actorOf(req), req.body.blocks),
  );

  app.post<{ Body: NewFeaturedList }>(
    '/lists',
    { config: access('POST /featured/lists'), schema: { body: NewFeaturedList, response: { 201: FeaturedList } } },
    async (req, reply) => reply.code(201).send(await createList(consoleCtx(app), actorOf(req), req.body)),
  );

  app.patch<{ Params: { id: number }; Body: FeaturedListPatch }>(
    '/lists/:id',
    { config: access('PATCH /featured/lists/:id'), schema: { params: IdParams, body: FeaturedListPatch, response: { 200: FeaturedList } } },
    async (req) => patchList(consoleCtx(app), actorOf(req), req.params.id, req.body),
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/lists/:id',
    { config: access('DELETE /featured/lists/:id'), schema: { params: IdParams, querystring: VersionQuery } },
    async (req, reply) => {
      await deleteList(consoleCtx(app), actorOf(req), req.params.id, req.query.version);
      return reply.code(204).send();
    },
  );
});
export default route;
