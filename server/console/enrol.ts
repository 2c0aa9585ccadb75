import { isRole } from '../../core/console/roles.js';
import type { EnrolStart } from '../../core/console/schemas/auth.js';
import type { InvitationRow } from '../repos/console/invitations.js';
import type { Actor, ConsoleCtx } from './actor.js';
import { isFirstOwnerLink, usableLink } from './invitations.js';
import { checkPassword, hashPassword } from './passwords.js';
import { problems } from './problems.js';
import { replaceRecoveryCodes } from './recovery.js';
import { endSessions } from './sessions.js';
import { completeSignIn, type Started } from './signin.js';
import { newTotpSecret, totpSetup, totpStep } from './totp.js';
import { registrationOptions, verifyRegistration, type RelyingParty } from './webauthn.js';
import { audited, type WriteTx } from './write.js';

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

interface NewFactor {
  kind: 'totp' | 'passkey';
  name: string;
  secret?: string;
  lastStep?: number;
  credentialId?: string;
  publicKey?: string;
  counter?: number;
  transports?: string | null;
}

async function linkOrThrow(ctx: ConsoleCtx, token: string): Promise<InvitationRow> {
  const link = await usableLink(ctx.repos, token, ctx.clock.nowSec());
  if (!link) throw problems.enrolmentInvalid();
  return link;
}

/** The email a link enrols (the member's for a reset; the enrolee's own for the first-owner link). */
async function enrolEmail(ctx: ConsoleCtx, link: InvitationRow, given: string | undefined): Promise<string> {
  if (link.member_id !== null) return (await ctx.repos.staff.byId(link.member_id))?.email ?? '';
  const email = (link.email || given || '').trim().toLowerCase();
  if (!email) throw problems.validation([{ path: '/email', message: 'is required for this link' }]);
  if (await ctx.repos.staff.byEmail(email)) throw problems.conflict('A member already has this email.');
  return email;
}

async function startPending(ctx: ConsoleCtx, link: InvitationRow, body: EnrolStart, extra: Partial<Pending>): Promise<Pending> {
  const email = await enrolEmail(ctx, link, body.email);
  await checkPassword(body.password, { email, name: body.name });
  const pending: Pending = { email, name: body.name.trim(), passwordHash: await hashPassword(body.password), ...extra };
  await ctx.repos.invitations.setPending(link.id, JSON.stringify(pending));
  return pending;
}

const pendingOf = (link: InvitationRow): Pending | null => (link.pending ? (JSON.parse(link.pending) as Pending) : null);

/** The enrolee made a member, or (a factor reset) their password and factors replaced and their sessions ended; their id. */
async function member(tx: WriteTx, link: InvitationRow, pending: Pending): Promise<number> {
  const { repos, now } = tx;
  if (link.member_id === null)
    return repos.staff.add({
      email: pending.email,
      name: pending.name,
      password_hash: pending.passwordHash,
      roles: link.roles,
      languages: link.languages,
      disabled: 0,
      created_at: now,
      last_sign_in_at: null,
      version: 0,
    });
  await repos.staff.update(link.member_id, { name: pending.name, password_hash: pending.passwordHash });
  await repos.factors.removeAll(link.member_id);
  await endSessions(repos, link.member_id);
  return link.member_id;
}

/**
 * What an enrolment voids: every first owner's link (there is staff now), and
 * every other open link of the member (an older factor reset, another
 * invitation of their email), so no earlier link enrols over them.
 */
async function voidLinks({ repos, now }: WriteTx, memberId: number, email: string) {
  const firstOwnerLinks = await repos.invitations.voidFirstOwner(now);
  const links = await repos.invitations.voidOpenOf(memberId, email, now);
  return { voidedLinks: links, voidedFirstOwnerLinks: firstOwnerLinks };
}

async function completeEnrolment(ctx: ConsoleCtx, actor: Actor, link: InvitationRow, pending: Pending, factor: NewFactor) {
  const { memberId, recoveryCodes } = await audited(
    ctx,
    actor,
    async (tx) => {
      const { repos, now } = tx;
      if ((await repos.invitations.use(link.id, now)) !== 1) throw problems.enrolmentInvalid();
      if (isFirstOwnerLink(link) && (await repos.staff.count()) > 0) throw problems.enrolmentInvalid();
      const memberId = await member(tx, link, pending);
      const voided = await voidLinks(tx, memberId, pending.email);
      await repos.factors.add({
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
      });
      const recoveryCodes = await replaceRecoveryCodes(repos, memberId);
      await tx.audit({
        action: link.member_id === null ? 'enrolment.complete' : 'factor.reset-complete',
        target: `member:${memberId}`,
        after: { email: pending.email, name: pending.name, roles: JSON.parse(link.roles) as unknown, factor: factor.kind, ...voided },
        actor: { kind: 'member', id: memberId, name: pending.email },
      });
      return { memberId, recoveryCodes };
    },
    { readersSee: false },
  );
  const signedIn = await completeSignIn(ctx, actor, memberId, null, 'enrolment');
  return { ...signedIn, recoveryCodes };
}

/** Enrolment from a link, by its token: password and name, then a TOTP app or a passkey. */
export const enrolment = {
  async get(ctx: ConsoleCtx, token: string) {
    const link = await linkOrThrow(ctx, token);
    const email = link.member_id !== null ? ((await ctx.repos.staff.byId(link.member_id))?.email ?? '') : link.email;
    return { email, roles: (JSON.parse(link.roles) as unknown[]).filter(isRole), expiresAt: Number(link.expires_at) };
  },

  async startTotp(ctx: ConsoleCtx, token: string, body: EnrolStart) {
    const link = await linkOrThrow(ctx, token);
    const secret = newTotpSecret();
    const pending = await startPending(ctx, link, body, { totpSecret: secret });
    return totpSetup(secret, pending.email);
  },

  async confirmTotp(ctx: ConsoleCtx, actor: Actor, token: string, code: string): Promise<Started & { recoveryCodes: string[] }> {
    const link = await linkOrThrow(ctx, token);
    const pending = pendingOf(link);
    if (!pending?.totpSecret) throw problems.badCode();
    const step = totpStep(pending.totpSecret, code, 0, ctx.clock.now());
    if (step === null) throw problems.badCode();
    return completeEnrolment(ctx, actor, link, pending, {
      kind: 'totp',
      name: 'Authenticator app',
      secret: pending.totpSecret,
      lastStep: step,
    });
  },

  async startPasskey(ctx: ConsoleCtx, token: string, body: EnrolStart, rpID: string) {
    const link = await linkOrThrow(ctx, token);
    const email = await enrolEmail(ctx, link, body.email);
    const options = await registrationOptions(rpID, email, []);
    await startPending(ctx, link, body, { webauthnChallenge: options.challenge });
    return { options };
  },

  async confirmPasskey(ctx: ConsoleCtx, actor: Actor, token: string, response: Record<string, unknown>, rp: RelyingParty) {
    const link = await linkOrThrow(ctx, token);
    const pending = pendingOf(link);
    if (!pending?.webauthnChallenge) throw problems.badCode();
    const cred = await verifyRegistration(response, pending.webauthnChallenge, rp);
    if (!cred) throw problems.badCode();
    return completeEnrolment(ctx, actor, link, pending, { kind: 'passkey', name: 'Passkey', ...cred });
  },
};
