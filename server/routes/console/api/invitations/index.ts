import { routeModule } from '../../../../lib/route.js';
import { InvitationLink, Invitations, NewInvitation } from '../../../../../core/console/schemas/admin.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { isRole } from '../../../../../core/console/roles.js';
import { audit } from '../../../../console/audit.js';
import { access, actorMemberId } from '../../../../console/context.js';
import { createLink, linkUrl, requestBase } from '../../../../console/invitations.js';
import { memberByEmail } from '../../../../console/members.js';
import { problems } from '../../../../console/problems.js';

/** Invitations (owner): enrolment links for new members, 24 h, single use. */
const route = routeModule((app) => {
  app.get('/', { config: access('GET /invitations'), schema: { response: { 200: Invitations } } }, async () => {
    const rows = await app.db
      .selectFrom('staff_invitations')
      .selectAll()
      .where('member_id', 'is', null)
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    return {
      invitations: rows.map((r) => ({
        id: r.id,
        email: r.email,
        roles: (JSON.parse(r.roles) as unknown[]).filter(isRole),
        languages: JSON.parse(r.languages) as string[],
        createdAt: Number(r.created_at),
        expiresAt: Number(r.expires_at),
        usedAt: r.used_at === null ? null : Number(r.used_at),
        createdBy: r.created_by,
      })),
    };
  });

  app.post<{ Body: NewInvitation }>(
    '/',
    { config: access('POST /invitations'), schema: { body: NewInvitation, response: { 200: InvitationLink } } },
    async (req) => {
      if (await memberByEmail(app.db, req.body.email)) throw problems.conflict('A member already has this email.');
      const now = app.clock.nowSec();
      const l = await app.db.transaction().execute(async (trx) => {
        const l = await createLink(trx, { ...req.body, createdBy: actorMemberId(req) }, now);
        await audit(trx, req, now, {
          action: 'invitation.create',
          target: `invitation:${l.id}`,
          after: { email: req.body.email, roles: req.body.roles, languages: req.body.languages },
        });
        return l;
      });
      return { id: l.id, link: linkUrl(requestBase(app, req), l.token), expiresAt: l.expiresAt };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/:id',
    { config: access('DELETE /invitations/:id'), schema: { params: IdParams } },
    async (req, reply) => {
      const now = app.clock.nowSec();
      const ok = await app.db.transaction().execute(async (trx) => {
        // Withdrawn = expired now (rows stay for the record).
        const r = await trx
          .updateTable('staff_invitations')
          .set({ expires_at: now, pending: null })
          .where('id', '=', req.params.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return false;
        await audit(trx, req, now, { action: 'invitation.withdraw', target: `invitation:${req.params.id}` });
        return true;
      });
      if (!ok) throw problems.notFound('No such open invitation.');
      return reply.code(204).send();
    },
  );
});
export default route;
