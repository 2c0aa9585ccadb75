import { routeModule } from '../../../../lib/route.js';
import { Chapter, Schedule, VersionQuery } from '../../../../../core/console/schemas/catalog.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access, requireReauth } from '../../../../console/context.js';
import { releases } from '../../../../console/catalog/schedule.js';

/**
 * Releases (issue 31): schedule or move (PUT), release now, take back a
 * scheduled one (DELETE), take a live one down (the password again) and
 * restore it (server/console/catalog/schedule.ts).
 */
const route = routeModule((app) => {
  app.put<{ Params: { id: number }; Body: Schedule }>(
    '/:id',
    { config: access('PUT /releases/:id'), schema: { params: IdParams, body: Schedule, response: { 200: Chapter } } },
    async (req) => releases.schedule(consoleCtx(app), actorOf(req), app.catalog, req.params.id, req.body),
  );

  app.post<{ Params: { id: number }; Body: { version: number } }>(
    '/:id/now',
    { config: access('POST /releases/:id/now'), schema: { params: IdParams, body: VersionQuery, response: { 200: Chapter } } },
    async (req) => releases.now(consoleCtx(app), actorOf(req), app.catalog, req.params.id, req.body.version),
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/:id',
    { config: access('DELETE /releases/:id'), schema: { params: IdParams, querystring: VersionQuery, response: { 200: Chapter } } },
    async (req) => releases.cancel(consoleCtx(app), actorOf(req), app.catalog, req.params.id, req.query.version),
  );

  app.post<{ Params: { id: number }; Body: { version: number } }>(
    '/:id/take-down',
    { config: access('POST /releases/:id/take-down'), schema: { params: IdParams, body: VersionQuery, response: { 200: Chapter } } },
    async (req) => {
      requireReauth(app, req);
      return releases.takeDown(consoleCtx(app), actorOf(req), app.catalog, req.params.id, req.body.version);
    },
  );

  app.post<{ Params: { id: number }; Body: { version: number } }>(
    '/:id/restore',
    { config: access('POST /releases/:id/restore'), schema: { params: IdParams, body: VersionQuery, response: { 200: Chapter } } },
    async (req) => releases.restore(consoleCtx(app), actorOf(req), app.catalog, req.params.id, req.body.version),
  );
});
export default route;
