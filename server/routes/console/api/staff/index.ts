import { routeModule } from '../../../../lib/route.js';
import { Link, MemberSessionParams, StaffList, StaffMember, StaffPatch } from '../../../../../core/console/schemas/admin.js';
import { Sessions } from '../../../../../core/console/schemas/auth.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { audit } from '../../../../console/audit.js';
import { access, actorMemberId, requireReauth } from '../../../../console/context.js';
import { createLink, linkUrl, requestBase } from '../../../../console/invitations.js';
import { memberById, staffOf } from '../../../../console/members.js';
import { problems } from '../../../../console/problems.js';
import { deviceName, endSessions, listSessions } from '../../../../console/sessions.js';

/** Staff management (owner): list, roles, languages, disable, factor reset, their sessions. */
type Id = { Params: { id: number } };

const route = routeModule((app) => {
  const found = async (id: number) => {
    const row = await memberById(app.db, id);
    if (!row) throw problems.notFound('No such member.');
    return row;
  };

  app.get('/', { config: access('GET /staff'), schema: { response: { 200: StaffList } } }, async () => {
    const rows = await app.db.selectFrom('staff_members').selectAll().orderBy('id').execute();
    return { members: rows.map(staffOf) };
  });

  app.patch<Id & { Body: StaffPatch }>(
    '/:id',
    { config: access('PATCH /staff/:id'), schema: { params: IdParams, body: StaffPatch, response: { 200: StaffMember } } },
    async (req) => {
      const before = staffOf(await found(req.params.id));
      const b = req.body;
      const rolesChange = b.roles !== undefined && JSON.stringify([...b.roles].sort()) !== JSON.stringify([...before.roles].sort());
      if (rolesChange) requireReauth(app, req);
      if (b.disabled && req.params.id === actorMemberId(req)) throw problems.conflict('You cannot disable yourself.');
      const now = app.clock.nowSec();
      const after = await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('staff_members')
          .set((eb) => ({
            ...(b.roles ? { roles: JSON.stringify(b.roles) } : {}),
            ...(b.languages ? { languages: JSON.stringify(b.languages) } : {}),
            ...(b.disabled !== undefined ? { disabled: b.disabled ? 1 : 0 } : {}),
            version: eb('version', '+', 1),
          }))
          .where('id', '=', req.params.id)
          .where('version', '=', b.version)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw problems.conflict();
        const ended = b.disabled ? await endSessions(trx, req.params.id) : [];
        const row = await trx.selectFrom('staff_members').selectAll().where('id', '=', req.params.id).executeTakeFirstOrThrow();
        const after = staffOf(row);
        const action = rolesChange
          ? 'staff.roles'
          : b.disabled !== undefined && b.disabled !== before.disabled
            ? b.disabled
              ? 'staff.disable'
              : 'staff.enable'
            : 'staff.update';
        await audit(trx, req, now, { action, target: `member:${req.params.id}`, before, after: { ...after, endedSessions: ended } });
        return after;
      });
      return after;
    },
  );

  app.post<Id>(
    '/:id/reset-factors',
    { config: access('POST /staff/:id/reset-factors'), schema: { params: IdParams, response: { 200: Link } } },
    async (req) => {
      requireReauth(app, req);
      const m = await found(req.params.id);
      const now = app.clock.nowSec();
      const link = await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('staff_factors').where('member_id', '=', m.id).execute();
        await trx.deleteFrom('staff_recovery_codes').where('member_id', '=', m.id).execute();
        const ended = await endSessions(trx, m.id);
        const l = await createLink(trx, { email: m.email, roles: [], languages: [], createdBy: actorMemberId(req), memberId: m.id }, now);
        await audit(trx, req, now, {
          action: 'staff.reset-factors',
          target: `member:${m.id}`,
          after: { invitation: l.id, endedSessions: ended },
        });
        return l;
      });
      return { link: linkUrl(requestBase(app, req), link.token), expiresAt: link.expiresAt };
    },
  );

  app.get<Id>(
    '/:id/sessions',
    { config: access('GET /staff/:id/sessions'), schema: { params: IdParams, response: { 200: Sessions } } },
    async (req) => {
      await found(req.params.id);
      const rows = await listSessions(app.db, req.params.id, app.clock.nowSec(), app.consoleLifetimes);
      const own = req.staff?.kind === 'member' ? req.staff.session.id : -1;
      return {
        sessions: rows.map((s) => ({
          id: s.id,
          device: deviceName(s.user_agent),
          address: s.address,
          createdAt: Number(s.created_at),
          lastUsedAt: Number(s.last_used_at),
          current: s.id === own,
        })),
      };
    },
  );

  app.delete<{ Params: { id: number; sid: number } }>(
    '/:id/sessions/:sid',
    { config: access('DELETE /staff/:id/sessions/:sid'), schema: { params: MemberSessionParams } },
    async (req, reply) => {
      const now = app.clock.nowSec();
      const ok = await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .deleteFrom('staff_sessions')
          .where('id', '=', req.params.sid)
          .where('member_id', '=', req.params.id)
          .executeTakeFirst();
        if (Number(r.numDeletedRows) !== 1) return false;
        await audit(trx, req, now, { action: 'session.end', target: `session:${req.params.sid}`, after: { member: req.params.id } });
        return true;
      });
      if (!ok) throw problems.notFound('No such session.');
      return reply.code(204).send();
    },
  );

  app.delete<Id>('/:id/sessions', { config: access('DELETE /staff/:id/sessions'), schema: { params: IdParams } }, async (req, reply) => {
    await found(req.params.id);
    const now = app.clock.nowSec();
    await app.db.transaction().execute(async (trx) => {
      const ended = await endSessions(trx, req.params.id);
      await audit(trx, req, now, { action: 'session.end-all', target: `member:${req.params.id}`, after: { endedSessions: ended } });
    });
    return reply.code(204).send();
  });
});
export default route;
