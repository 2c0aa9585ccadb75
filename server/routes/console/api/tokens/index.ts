import { routeModule } from '../../../../lib/route.js';
import { ApiTokens, CreatedApiToken, NewApiToken } from '../../../../../core/console/schemas/admin.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { tokens } from '../../../../console/tokens.js';

/** API tokens (owner): named, scoped to roles (never owner), expiring, shown once, revocable. */
const route = routeModule((app) => {
  app.get('/', { config: access('GET /tokens'), schema: { response: { 200: ApiTokens } } }, async () => ({
    tokens: await tokens.list(consoleCtx(app)),
  }));

  app.post<{ Body: NewApiToken }>(
    '/',
    { config: access('POST /tokens'), schema: { body: NewApiToken, response: { 200: CreatedApiToken } } },
    (req) => tokens.create(consoleCtx(app), actorOf(req), req.body),
  );

  app.delete<{ Params: { id: number } }>(
    '/:id',
    { config: access('DELETE /tokens/:id'), schema: { params: IdParams } },
    async (req, reply) => {
      await tokens.revoke(consoleCtx(app), actorOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
});
export default route;
