import { routeModule } from '../../../../lib/route.js';
import { PasswordBody, Reauth, SessionInfo } from '../../../../../core/console/schemas/auth.js';
import { audit } from '../../../../console/audit.js';
import { access, memberOf } from '../../../../console/context.js';
import { memberById, publicMember } from '../../../../console/members.js';
import { verifyPassword } from '../../../../console/passwords.js';
import { problems } from '../../../../console/problems.js';
import { absoluteExpiry, clearCookie, idleExpiry, REAUTH_SECONDS } from '../../../../console/sessions.js';
import { accountKey, addressKey, checkThrottle, recordFailure } from '../../../../console/throttle.js';

/** The member's current session: who they are, sign-out, and re-authentication for sensitive changes. */
const route = routeModule((app) => {
  app.get('/', { config: access('GET /session'), schema: { response: { 200: SessionInfo } } }, (req) => {
    const p = req.staff;
    if (p?.kind !== 'member') throw problems.forbidden();
    const life = app.consoleLifetimes;
    const s = p.session;
    return {
      member: publicMember(p.member),
      session: { id: s.id, idleExpiresAt: idleExpiry(s, life), expiresAt: absoluteExpiry(s, life), reauthUntil: Number(s.reauth_until) },
    };
  });

  app.delete('/', { config: access('DELETE /session') }, async (req, reply) => {
    const m = memberOf(req);
    const now = app.clock.nowSec();
    await app.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('staff_sessions').where('id', '=', m.sessionId).execute();
      await audit(trx, req, now, { action: 'session.end', target: `session:${m.sessionId}`, after: { reason: 'sign-out' } });
    });
    clearCookie(req, reply);
    return reply.code(204).send();
  });

  app.post<{ Body: { password: string } }>(
    '/reauth',
    { config: access('POST /session/reauth'), schema: { body: PasswordBody, response: { 200: Reauth } } },
    async (req) => {
      const m = memberOf(req);
      const now = app.clock.nowSec();
      const keys = [accountKey(m.email), addressKey(req.ip)];
      await checkThrottle(app.db, keys, now);
      const row = await memberById(app.db, m.id);
      if (!row || !(await verifyPassword(row.password_hash, req.body.password))) {
        await recordFailure(app.db, keys, now);
        await audit(app.db, req, now, { action: 'reauth.failure', target: `member:${m.id}` });
        throw problems.badCredentials();
      }
      const reauthUntil = now + REAUTH_SECONDS;
      await app.db.updateTable('staff_sessions').set({ reauth_until: reauthUntil }).where('id', '=', m.sessionId).execute();
      return { reauthUntil };
    },
  );
});
export default route;
