import { isRole } from '../../core/console/roles.js';
import type { StaffMember, StaffPatch } from '../../core/console/schemas/admin.js';
import type { StaffRow } from '../repos/console/staff.js';
import type { Actor, ConsoleCtx } from './actor.js';
import { mailLocale, resetMail, type Mailer } from '../mail/index.js';
import { createLink, linkUrl } from './invitations.js';
import type { MemberRow } from './principal.js';
import { problems } from './problems.js';
import { checkReauth, endSessions } from './sessions.js';
import { audited, expectOne, type WriteTx } from './write.js';

/** Where a link's mail goes, and its language (a console locale; else English). */
export interface LinkMail {
  mailer: Mailer;
  locale?: string | undefined;
}

/** Staff rows (server/db/schemaConsole.ts), their API shapes, and the owner's management of them. */
const list = (text: string): unknown[] => {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v as unknown[]) : [];
  } catch {
    return [];
  }
};

export function memberOf(r: StaffRow): MemberRow {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    roles: list(r.roles).filter(isRole),
    languages: list(r.languages).filter((l): l is string => typeof l === 'string'),
    disabled: r.disabled === 1,
  };
}

export const publicMember = (m: MemberRow) => ({ id: m.id, email: m.email, name: m.name, roles: m.roles, languages: m.languages });

function staffOf(r: StaffRow): StaffMember {
  const m = memberOf(r);
  return {
    ...publicMember(m),
    disabled: m.disabled,
    createdAt: Number(r.created_at),
    lastSignInAt: r.last_sign_in_at === null ? null : Number(r.last_sign_in_at),
    version: r.version,
  };
}

/** A row the caller knows is there (read again inside the write that changed it). */
export function present<T>(row: T | undefined): T {
  if (row === undefined) throw new Error('the row changed in this transaction is gone');
  return row;
}

async function found(ctx: ConsoleCtx, id: number): Promise<StaffRow> {
  const row = await ctx.repos.staff.byId(id);
  if (!row) throw problems.notFound('No such member.');
  return row;
}

const sameRoles = (a: readonly string[], b: readonly string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

function patchAction(b: StaffPatch, before: StaffMember, rolesChange: boolean): string {
  if (rolesChange) return 'staff.roles';
  if (b.disabled !== undefined && b.disabled !== before.disabled) return b.disabled ? 'staff.disable' : 'staff.enable';
  return 'staff.update';
}

/** Revokes the API tokens a member made (each revocation audited, `reason` the change that caused it); their ids. */
async function revokeTokensOf({ repos, now, audit }: WriteTx, memberId: number, reason: string): Promise<number[]> {
  const ids = await repos.tokens.revokeMadeBy(memberId, now);
  for (const id of ids) await audit({ action: 'token.revoke', target: `token:${id}`, after: { reason, maker: memberId } });
  return ids;
}

/**
 * Staff management (owner): roles, languages, disabling (which ends the
 * member's sessions), a factor reset. A change of roles needs the password
 * entered lately (`reauthUntil`, the caller's session's). Disabling a member,
 * taking a role away from them or resetting their factors revokes the API
 * tokens they made.
 */
export const staff = {
  list: async (ctx: ConsoleCtx) => ({ members: (await ctx.repos.staff.list()).map(staffOf) }),

  /** The member's id checked, for a route that then acts on their sessions. */
  found: async (ctx: ConsoleCtx, id: number): Promise<void> => void (await found(ctx, id)),

  async patch(ctx: ConsoleCtx, actor: Actor, id: number, b: StaffPatch, reauthUntil: number | null): Promise<StaffMember> {
    const before = staffOf(await found(ctx, id));
    const rolesChange = b.roles !== undefined && !sameRoles(b.roles, before.roles);
    if (rolesChange) checkReauth(reauthUntil, ctx.clock.nowSec());
    if (b.disabled && id === actor.memberId) throw problems.conflict('You cannot disable yourself.');
    return audited(
      ctx,
      actor,
      async (tx) => {
        const { repos, audit } = tx;
        const set = {
          ...(b.roles ? { roles: JSON.stringify(b.roles) } : {}),
          ...(b.languages ? { languages: JSON.stringify(b.languages) } : {}),
          ...(b.disabled !== undefined ? { disabled: b.disabled ? 1 : 0 } : {}),
        };
        expectOne(await repos.staff.update(id, set, b.version));
        const ended = b.disabled ? await endSessions(repos, id) : [];
        const lowered = rolesChange && before.roles.some((r) => !b.roles?.includes(r));
        const reason = b.disabled ? 'staff.disable' : 'staff.roles';
        const revoked = b.disabled || lowered ? await revokeTokensOf(tx, id, reason) : [];
        const after = staffOf(present(await repos.staff.byId(id)));
        await audit({
          action: patchAction(b, before, rolesChange),
          target: `member:${id}`,
          before,
          after: { ...after, endedSessions: ended, revokedTokens: revoked },
        });
        return after;
      },
      { readersSee: false },
    );
  },

  /** Removes a member's factors and recovery codes, ends their sessions, and makes their link to enrol again (on `base`). */
  async resetFactors(ctx: ConsoleCtx, actor: Actor, id: number, reauthUntil: number | null, base: string, mail: LinkMail) {
    checkReauth(reauthUntil, ctx.clock.nowSec());
    const m = await found(ctx, id);
    const link = await audited(
      ctx,
      actor,
      async (tx) => {
        const { repos, now, audit } = tx;
        await repos.factors.removeAll(m.id);
        await repos.factors.removeCodes(m.id);
        const ended = await endSessions(repos, m.id);
        // One reset link at a time: a new one voids the older ones.
        const voided = await repos.invitations.voidOpenOf(m.id, m.email, now);
        const revoked = await revokeTokensOf(tx, m.id, 'staff.reset-factors');
        const l = await createLink(repos, { email: m.email, roles: [], languages: [], createdBy: actor.memberId, memberId: m.id }, now);
        await audit({
          action: 'staff.reset-factors',
          target: `member:${m.id}`,
          after: { invitation: l.id, endedSessions: ended, voidedLinks: voided, revokedTokens: revoked },
        });
        return l;
      },
      { readersSee: false },
    );
    const url = linkUrl(base, link.token);
    const content = resetMail(mailLocale(mail.locale), { inviter: actor.name, email: m.email, link: url, expiresAt: link.expiresAt });
    return { link: url, expiresAt: link.expiresAt, mail: await mail.mailer.send({ to: m.email, ...content }) };
  },

  async endSessions(ctx: ConsoleCtx, actor: Actor, id: number): Promise<void> {
    await found(ctx, id);
    await audited(
      ctx,
      actor,
      async ({ repos, audit }) => {
        const ended = await endSessions(repos, id);
        await audit({ action: 'session.end-all', target: `member:${id}`, after: { endedSessions: ended } });
      },
      { readersSee: false },
    );
  },
};
