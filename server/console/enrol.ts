import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { StaffInvitationTable } from '../db/schemaConsole.js';
import { audit } from './audit.js';
import { memberByEmail, memberById } from './members.js';
import { checkPassword, hashPassword } from './passwords.js';
import { problems } from './problems.js';
import { replaceRecoveryCodes } from './recovery.js';
import { endSessions } from './sessions.js';
import { completeSignIn } from './signin.js';
import { usableLink, useLink } from './invitations.js';

/**
 * Enrolment from a link: the enrolee's name and password are kept with the
 * link (pending) while their second factor is set up, and everything is
 * written in one transaction when the factor is confirmed: the link is used,
 * the member made (or, for a factor reset, their password and factors
 * replaced and their sessions ended), then a session starts.
 */
export interface Pending {
  email: string;
  name: string;
  passwordHash: string;
  totpSecret?: string;
  webauthnChallenge?: string;
}

export async function linkOrThrow(app: FastifyInstance, token: string) {
  const link = await usableLink(app.db, token, app.clock.nowSec());
  if (!link) throw problems.enrolmentInvalid();
  return link;
}

/** The email a link enrols (the member's for a reset; the enrolee's own for the first-owner link). */
export async function enrolEmail(app: FastifyInstance, link: Selectable<StaffInvitationTable>, given: string | undefined): Promise<string> {
  if (link.member_id !== null) return (await memberById(app.db, link.member_id))?.email ?? '';
  const email = (link.email || given || '').trim().toLowerCase();
  if (!email) throw problems.validation([{ path: '/email', message: 'is required for this link' }]);
  if (await memberByEmail(app.db, email)) throw problems.conflict('A member already has this email.');
  return email;
}

export async function startPending(
  app: FastifyInstance,
  link: Selectable<StaffInvitationTable>,
  body: { name: string; password: string; email?: string | undefined },
  extra: Partial<Pending>,
) {
  checkPassword(body.password);
  const email = await enrolEmail(app, link, body.email);
  const pending: Pending = { email, name: body.name.trim(), passwordHash: await hashPassword(body.password), ...extra };
  await app.db
    .updateTable('staff_invitations')
    .set({ pending: JSON.stringify(pending) })
    .where('id', '=', link.id)
    .execute();
  return pending;
}

export const pendingOf = (link: Selectable<StaffInvitationTable>): Pending | null =>
  link.pending ? (JSON.parse(link.pending) as Pending) : null;

export interface NewFactor {
  kind: 'totp' | 'passkey';
  name: string;
  secret?: string;
  lastStep?: number;
  credentialId?: string;
  publicKey?: string;
  counter?: number;
  transports?: string | null;
}

export async function completeEnrolment(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  link: Selectable<StaffInvitationTable>,
  pending: Pending,
  factor: NewFactor,
) {
  const now = app.clock.nowSec();
  const { memberId, recoveryCodes } = await app.db.transaction().execute(async (trx) => {
    if (!(await useLink(trx, link.id, now))) throw problems.enrolmentInvalid();
    let memberId = link.member_id;
    if (memberId === null) {
      const row = await trx
        .insertInto('staff_members')
        .values({
          email: pending.email,
          name: pending.name,
          password_hash: pending.passwordHash,
          roles: link.roles,
          languages: link.languages,
          disabled: 0,
          created_at: now,
          last_sign_in_at: null,
          version: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      memberId = row.id;
    } else {
      await trx
        .updateTable('staff_members')
        .set((eb) => ({ name: pending.name, password_hash: pending.passwordHash, version: eb('version', '+', 1) }))
        .where('id', '=', memberId)
        .execute();
      await trx.deleteFrom('staff_factors').where('member_id', '=', memberId).execute();
      await endSessions(trx, memberId);
    }
    await trx
      .insertInto('staff_factors')
      .values({
        member_id: memberId,
        kind: factor.kind,
        name: factor.name,
        secret: factor.secret ?? null,
        credential_id: factor.credentialId ?? null,
        public_key: factor.publicKey ?? null,
        counter: factor.counter ?? 0,
        transports: factor.transports ?? null,
        last_step: factor.lastStep ?? 0,
        confirmed: 1,
        created_at: now,
        last_used_at: null,
      })
      .execute();
    const recoveryCodes = await replaceRecoveryCodes(trx, memberId);
    await audit(trx, req, now, {
      action: link.member_id === null ? 'enrolment.complete' : 'factor.reset-complete',
      target: `member:${memberId}`,
      after: { email: pending.email, name: pending.name, roles: JSON.parse(link.roles) as unknown, factor: factor.kind },
      actor: { kind: 'member', id: memberId, name: pending.email },
    });
    return { memberId, recoveryCodes };
  });
  const signedIn = await completeSignIn(app, req, reply, memberId, null, 'enrolment');
  return { ...signedIn, recoveryCodes };
}
