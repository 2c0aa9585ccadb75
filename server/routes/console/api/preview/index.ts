import { Type } from '@sinclair/typebox';
import { routeModule } from '../../../../lib/route.js';
import { Preview, PreviewLink, PreviewParams } from '../../../../../core/console/schemas/catalog.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { problems } from '../../../../console/problems.js';
import { previews } from '../../../../console/catalog/previews.js';

/**
 * Staff previews of a chapter as a reader will see it (issue 31;
 * server/console/catalog/previews.ts): a link that expires, usable only
 * inside the console scope, whose pages are served from here.
 */
const route = routeModule((app) => {
  // 15 minutes unless CONSOLE_PREVIEW_SECONDS says otherwise (server/config.ts).
  const lifetime = app.config.consolePreviewSeconds;

  app.post<{ Params: { id: number } }>(
    '/:id',
    { config: access('POST /preview/:id'), schema: { params: IdParams, response: { 200: PreviewLink } } },
    async (req) => previews.create(consoleCtx(app), actorOf(req), req.params.id, lifetime),
  );

  app.get<{ Params: { token: string } }>(
    '/:token',
    { config: access('GET /preview/:token'), schema: { params: PreviewParams, response: { 200: Preview } } },
    async (req) => previews.open(consoleCtx(app), req.params.token),
  );

  app.get<{ Params: { token: string; idx: number; file: string } }>(
    '/:token/page/:idx/:file',
    {
      config: access('GET /preview/:token/page/:idx/:file'),
      schema: {
        params: Type.Object({
          token: PreviewParams.properties.token,
          idx: Type.Integer({ minimum: 0, maximum: 1000 }),
          file: Type.String({ maxLength: 20 }),
        }),
      },
    },
    async (req, reply) => {
      const data = await previews.page(consoleCtx(app), app.catalog, req.params.token, req.params.idx, req.params.file);
      if (!data) throw problems.notFound('No such page.');
      return reply.header('cache-control', 'private, no-store').type('image/webp').send(data);
    },
  );
});
export default route;
