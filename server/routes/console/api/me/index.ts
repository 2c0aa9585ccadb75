import { routeModule } from '../../../../lib/route.js';
import { PasswordBody, Sessions, SessionParams } from '../../../../../core/console/schemas/auth.js';
import { audit } from '../../../../console/audit.js';
import { access, memberOf, requireReauth } from '../../../../console/context.js';
import { checkPassword, hashPassword } from '../../../../console/passwords.js';
import { problems } from '../../../../console/problems.js';
import { deviceName, endSessions, listSessions } from '../../../../console/sessions.js';
import registerFactors from '../../../../console/factorRoutes.js';

/** The member's own sessions and password (their factors: server/console/factorRoutes.ts). */
const route = routeModule((app) => {
  app.get('/sessions', { config: access('GET /me/sessions'), schema: { response: { 200: Sessions } } }, async (req) => {
    const m = memberOf(req);
    const rows = await listSessions(app.db, m.id, app.clock.nowSec(), app.consoleLifetimes);
    return {
      sessions: rows.map((s) => ({
        id: s.id,
        device: deviceName(s.user_agent),
        address: s.address,
        createdAt: Number(s.created_at),
        lastUsedAt: Number(s.last_used_at),
        current: s.id === m.sessionId,
      })),
    };
  });

  app.delete<{ Params: { id: number } }>(
    '/sessions/:id',
    { config: access('DELETE /me/sessions/:id'), schema: { params: SessionParams } },
    async (req, reply) => {
      const m = memberOf(req);
      const now = app.clock.nowSec();
      const ended = await app.db.transaction().execute(async (trx) => {
        const r = await trx.deleteFrom('staff_sessions').where('id', '=', req.params.id).where('member_id', '=', m.id).executeTakeFirst();
        if (Number(r.numDeletedRows) === 1) await audit(trx, req, now, { action: 'session.end', target: `session:${req.params.id}` });
        return Number(r.numDeletedRows) === 1;
      });
      if (!ended) throw problems.notFound('No such session.');
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { password: string } }>(
    '/password',
    { config: access('POST /me/password'), schema: { body: PasswordBody } },
    async (req, reply) => {
      const m = memberOf(req);
      requireReauth(app, req);
      checkPassword(req.body.password);
      const hash = await hashPassword(req.body.password);
      const now = app.clock.nowSec();
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('staff_members')
          .set((eb) => ({ password_hash: hash, version: eb('version', '+', 1) }))
          .where('id', '=', m.id)
          .execute();
        const ended = await endSessions(trx, m.id, m.sessionId);
        await audit(trx, req, now, { action: 'password.change', target: `member:${m.id}`, after: { endedSessions: ended } });
      });
      return reply.code(204).send();
    },
  );

  registerFactors(app);
});
export default route;
