import { routeModule } from '../../../../lib/route.js';
import { InvitationLink, Invitations, NewInvitation } from '../../../../../core/console/schemas/admin.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access, requestBase } from '../../../../console/context.js';
import { invitations } from '../../../../console/invitations.js';

/** Invitations (owner): enrolment links for new members, 24 h, single use. */
const route = routeModule((app) => {
  app.get('/', { config: access('GET /invitations'), schema: { response: { 200: Invitations } } }, () => invitations.list(consoleCtx(app)));

  app.post<{ Body: NewInvitation }>(
    '/',
    { config: access('POST /invitations'), schema: { body: NewInvitation, response: { 200: InvitationLink } } },
    (req) => invitations.create(consoleCtx(app), actorOf(req), req.body, requestBase(app, req)),
  );

  app.delete<{ Params: { id: number } }>(
    '/:id',
    { config: access('DELETE /invitations/:id'), schema: { params: IdParams } },
    async (req, reply) => {
      await invitations.withdraw(consoleCtx(app), actorOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
});
export default route;
