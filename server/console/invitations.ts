import { isRole, type Role } from '../../core/console/roles.js';
import type { NewInvitation } from '../../core/console/schemas/admin.js';
import type { Config } from '../config.js';
import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import { invitationMail, mailLocale, type Mailer } from '../mail/index.js';
import { consoleRepos, type ConsoleRepos } from '../repos/console/index.js';
import type { AuditActor } from '../repos/console/audit.js';
import type { InvitationRow } from '../repos/console/invitations.js';
import type { Actor, ConsoleCtx } from './actor.js';
import { problems } from './problems.js';
import { randomToken, sha256 } from './secrets.js';
import { checkReauth } from './sessions.js';
import { audited } from './write.js';

/** Enrolment links: valid 24 h, single use, only the token's hash stored. */
const LINK_SECONDS = 24 * 3600;

export interface NewLink {
  email: string;
  roles: Role[];
  languages: string[];
  createdBy: number | null;
  /** A factor reset: the member who re-enrols. */
  memberId?: number;
}

/** Makes a link (in the write it is part of: give it that write's repositories); its token is returned once. */
export async function createLink(repos: ConsoleRepos, l: NewLink, now: number): Promise<{ id: number; token: string; expiresAt: number }> {
  const token = randomToken();
  const expiresAt = now + LINK_SECONDS;
  const id = await repos.invitations.add({
    email: l.email.trim().toLowerCase(),
    roles: JSON.stringify(l.roles),
    languages: JSON.stringify(l.languages),
    token_hash: sha256(token),
    member_id: l.memberId ?? null,
    pending: null,
    created_by: l.createdBy,
    created_at: now,
    expires_at: expiresAt,
    used_at: null,
  });
  return { id, token, expiresAt };
}

/**
 * What an invitation is now: used, open, or closed early (withdrawn, or voided by a newer
 * link or an enrolment: its expiry was moved to that moment, before its 24 h were over), or expired.
 */
function invitationState(r: Pick<InvitationRow, 'used_at' | 'created_at' | 'expires_at'>, now: number) {
  if (r.used_at !== null) return 'used' as const;
  if (Number(r.expires_at) > now) return 'open' as const;
  return Number(r.expires_at) < Number(r.created_at) + LINK_SECONDS ? ('withdrawn' as const) : ('expired' as const);
}

/** A first owner's link: no member, no email (the enrolee gives theirs). */
export const isFirstOwnerLink = (r: Pick<InvitationRow, 'member_id' | 'email'>) => r.member_id === null && r.email === '';

/**
 * The invitation a link names while it is usable (unknown, used and expired
 * are alike: none). A first owner's link is usable only while there is no staff.
 */
export async function usableLink(repos: ConsoleRepos, token: string, now: number): Promise<InvitationRow | null> {
  const r = await repos.invitations.byTokenHash(sha256(token));
  if (!r || r.used_at !== null || Number(r.expires_at) <= now) return null;
  if (isFirstOwnerLink(r) && (await repos.staff.count()) > 0) return null;
  return r;
}

/** The console page of a link. */
export const linkUrl = (base: string, token: string) => `${base.replace(/\/$/, '')}/console/enrol/${token}`;

/**
 * The base of every enrolment link: PUBLIC_URL, never a request's Host. In
 * production without it no link is made (no-public-url); in development it is
 * this machine at PORT.
 */
export function linkBase(config: Pick<Config, 'publicUrl' | 'port' | 'production'>): string {
  if (config.publicUrl) return config.publicUrl;
  if (config.production) throw problems.noPublicUrl();
  return `http://localhost:${config.port}`;
}

const START: AuditActor = { kind: 'anonymous', id: null, name: 'server start', address: 'localhost', userAgent: 'npm start' };

/**
 * With no staff account at all, a link for a first owner (its email given at
 * enrolment), printed in the server's log: `npm start` leads a newcomer in.
 * At most one is live: a new one voids the older ones (and any enrolment voids
 * them all: server/console/enrol.ts). In production without PUBLIC_URL it
 * throws no-public-url (main.ts logs why).
 */
export async function firstOwnerLink(server: { db: DB; clock: ServerClock; config: Config }): Promise<string | null> {
  if ((await consoleRepos(server.db).staff.count()) > 0) return null;
  const base = linkBase(server.config);
  const now = server.clock.nowSec();
  const token = await server.db.transaction().execute(async (trx) => {
    const repos = consoleRepos(trx);
    if ((await repos.staff.count()) > 0) return null;
    const voided = await repos.invitations.voidFirstOwner(now);
    const l = await createLink(repos, { email: '', roles: ['owner'], languages: [], createdBy: null }, now);
    await repos.audit.add(START, now, { action: 'invitation.create', target: `invitation:${l.id}`, after: { firstOwner: true, voided } });
    return l.token;
  });
  return token === null ? null : linkUrl(base, token);
}

/**
 * Invitations (owner): links for new members, listed, made (on `base`, the
 * link's address; an owner's invitation needs the password entered lately,
 * `reauthUntil`) and withdrawn.
 */
export const invitations = {
  async list(ctx: ConsoleCtx) {
    const rows = await ctx.repos.invitations.invitations(200);
    const now = ctx.clock.nowSec();
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
        state: invitationState(r, now),
      })),
    };
  },

  /** The link is made and shown whatever becomes of its mail (sent in `i.locale`, else English): `mail` says how that went. */
  async create(ctx: ConsoleCtx, actor: Actor, i: NewInvitation, base: string, reauthUntil: number | null, mailer: Mailer) {
    if (i.roles.includes('owner')) checkReauth(reauthUntil, ctx.clock.nowSec());
    if (await ctx.repos.staff.byEmail(i.email)) throw problems.conflict('A member already has this email.');
    const l = await audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        const l = await createLink(repos, { ...i, createdBy: actor.memberId }, now);
        await audit({
          action: 'invitation.create',
          target: `invitation:${l.id}`,
          after: { email: i.email, roles: i.roles, languages: i.languages },
        });
        return l;
      },
      { readersSee: false },
    );
    const link = linkUrl(base, l.token);
    const content = invitationMail(mailLocale(i.locale), { inviter: actor.name, roles: i.roles, link, expiresAt: l.expiresAt });
    const mail = await mailer.send({ to: i.email.trim().toLowerCase(), ...content });
    return { id: l.id, link, expiresAt: l.expiresAt, mail };
  },

  /** Withdrawn = expired now (rows stay for the record). */
  async withdraw(ctx: ConsoleCtx, actor: Actor, id: number): Promise<void> {
    await audited(
      ctx,
      actor,
      async ({ repos, now, audit }) => {
        if ((await repos.invitations.withdraw(id, now)) !== 1) throw problems.notFound('No such open invitation.');
        await audit({ action: 'invitation.withdraw', target: `invitation:${id}` });
      },
      { readersSee: false },
    );
  },
};
