import { routeModule } from '../../../../lib/route.js';
import { Link, MemberSessionParams, StaffList, StaffMember, StaffPatch } from '../../../../../core/console/schemas/admin.js';
import { Sessions } from '../../../../../core/console/schemas/auth.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access, reauthUntil, requestBase } from '../../../../console/context.js';
import { staff } from '../../../../console/members.js';
import { endSession, sessionsOf } from '../../../../console/sessions.js';

/** Staff management (owner): list, roles, languages, disable, factor reset, their sessions. */
type Id = { Params: { id: number } };

const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);

  app.get('/', { config: access('GET /staff'), schema: { response: { 200: StaffList } } }, () => staff.list(ctx()));

  app.patch<Id & { Body: StaffPatch }>(
    '/:id',
    { config: access('PATCH /staff/:id'), schema: { params: IdParams, body: StaffPatch, response: { 200: StaffMember } } },
    (req) => staff.patch(ctx(), actorOf(req), req.params.id, req.body, reauthUntil(req)),
  );

  app.post<Id>(
    '/:id/reset-factors',
    { config: access('POST /staff/:id/reset-factors'), schema: { params: IdParams, response: { 200: Link } } },
    (req) => staff.resetFactors(ctx(), actorOf(req), req.params.id, reauthUntil(req), requestBase(app, req)),
  );

  app.get<Id>(
    '/:id/sessions',
    { config: access('GET /staff/:id/sessions'), schema: { params: IdParams, response: { 200: Sessions } } },
    async (req) => {
      await staff.found(ctx(), req.params.id);
      const own = req.staff?.kind === 'member' ? req.staff.session.id : null;
      return sessionsOf(ctx(), req.params.id, app.consoleLifetimes, own);
    },
  );

  app.delete<{ Params: { id: number; sid: number } }>(
    '/:id/sessions/:sid',
    { config: access('DELETE /staff/:id/sessions/:sid'), schema: { params: MemberSessionParams } },
    async (req, reply) => {
      await endSession(ctx(), actorOf(req), req.params.id, req.params.sid, { member: req.params.id });
      return reply.code(204).send();
    },
  );

  app.delete<Id>('/:id/sessions', { config: access('DELETE /staff/:id/sessions'), schema: { params: IdParams } }, async (req, reply) => {
    await staff.endSessions(ctx(), actorOf(req), req.params.id);
    return reply.code(204).send();
  });
});
export default route;
