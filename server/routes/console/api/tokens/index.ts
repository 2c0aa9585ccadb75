import { routeModule } from '../../../../lib/route.js';
import { ApiTokens, CreatedApiToken, NewApiToken } from '../../../../../core/console/schemas/admin.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { TOKEN_ROLES } from '../../../../../core/console/roles.js';
import { audit } from '../../../../console/audit.js';
import { access, actorMemberId } from '../../../../console/context.js';
import { problems } from '../../../../console/problems.js';
import { createToken, listTokens } from '../../../../console/tokens.js';

/** API tokens (owner): named, scoped to roles (never owner), expiring, shown once, revocable. */
const route = routeModule((app) => {
  app.get('/', { config: access('GET /tokens'), schema: { response: { 200: ApiTokens } } }, async () => ({
    tokens: await listTokens(app.db),
  }));

  app.post<{ Body: NewApiToken }>(
    '/',
    { config: access('POST /tokens'), schema: { body: NewApiToken, response: { 200: CreatedApiToken } } },
    async (req) => {
      const now = app.clock.nowSec();
      if (req.body.roles.some((r) => !TOKEN_ROLES.includes(r)))
        throw problems.validation([{ path: '/roles', message: 'a token cannot be an owner' }]);
      if (req.body.expiresAt <= now) throw problems.validation([{ path: '/expiresAt', message: 'must be in the future' }]);
      return app.db.transaction().execute(async (trx) => {
        const t = await createToken(trx, { ...req.body, createdBy: actorMemberId(req) }, now);
        await audit(trx, req, now, {
          action: 'token.create',
          target: `token:${t.id}`,
          after: { name: req.body.name, roles: req.body.roles, expiresAt: req.body.expiresAt },
        });
        return t;
      });
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/:id',
    { config: access('DELETE /tokens/:id'), schema: { params: IdParams } },
    async (req, reply) => {
      const now = app.clock.nowSec();
      const ok = await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('console_tokens')
          .set({ revoked_at: now })
          .where('id', '=', req.params.id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return false;
        await audit(trx, req, now, { action: 'token.revoke', target: `token:${req.params.id}` });
        return true;
      });
      if (!ok) throw problems.notFound('No such live token.');
      return reply.code(204).send();
    },
  );
});
export default route;
