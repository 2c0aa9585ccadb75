import { Type, type Static } from '@sinclair/typebox';
import { Email, Id, Languages, Name, Role, Roles, Seconds } from './common.js';

/** Owner areas: staff, invitations, API tokens, the audit log. */
export const StaffMember = Type.Object({
  id: Id,
  email: Type.String(),
  name: Type.String(),
  roles: Roles,
  languages: Type.Array(Type.String()),
  disabled: Type.Boolean(),
  createdAt: Seconds,
  lastSignInAt: Type.Union([Seconds, Type.Null()]),
  version: Type.Integer(),
});
export type StaffMember = Static<typeof StaffMember>;
export const StaffList = Type.Object({ members: Type.Array(StaffMember) });
export const StaffPatch = Type.Object({
  roles: Type.Optional(Roles),
  languages: Type.Optional(Languages),
  disabled: Type.Optional(Type.Boolean()),
  version: Type.Integer({ minimum: 0 }),
});
export type StaffPatch = Static<typeof StaffPatch>;
/**
 * How the link's mail went: sent over SMTP, saved as a file in the server's mail folder (no SMTP
 * configured), or failed (the link is made all the same: pass it on by hand).
 */
const MailOutcome = Type.Union([Type.Literal('sent'), Type.Literal('saved'), Type.Literal('failed')]);
/** The language of a link's mail (a console locale; any other, or none, is English). */
const MailLocale = Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$', maxLength: 16 });
export const MailQuery = Type.Object({ locale: Type.Optional(MailLocale) });
export const Link = Type.Object({ link: Type.String(), expiresAt: Seconds, mail: MailOutcome });
export const MemberSessionParams = Type.Object({ id: Id, sid: Id });

const Invitation = Type.Object({
  id: Id,
  email: Type.String(),
  roles: Roles,
  languages: Type.Array(Type.String()),
  createdAt: Seconds,
  expiresAt: Seconds,
  usedAt: Type.Union([Seconds, Type.Null()]),
  createdBy: Type.Union([Id, Type.Null()]),
  /** Open (usable until expiresAt), used (usedAt), withdrawn or voided by a newer link (at expiresAt), or expired. */
  state: Type.Union([Type.Literal('open'), Type.Literal('used'), Type.Literal('withdrawn'), Type.Literal('expired')]),
});
type Invitation = Static<typeof Invitation>;
export const Invitations = Type.Object({ invitations: Type.Array(Invitation) });
export const NewInvitation = Type.Object({
  email: Email,
  roles: Type.Array(Role, { minItems: 1, uniqueItems: true }),
  languages: Languages,
  locale: Type.Optional(MailLocale),
});
export type NewInvitation = Static<typeof NewInvitation>;
export const InvitationLink = Type.Object({ id: Id, link: Type.String(), expiresAt: Seconds, mail: MailOutcome });

export const ApiToken = Type.Object({
  id: Id,
  name: Type.String(),
  roles: Roles,
  createdAt: Seconds,
  expiresAt: Seconds,
  lastUsedAt: Type.Union([Seconds, Type.Null()]),
  revokedAt: Type.Union([Seconds, Type.Null()]),
});
export type ApiToken = Static<typeof ApiToken>;
export const ApiTokens = Type.Object({ tokens: Type.Array(ApiToken) });
export const NewApiToken = Type.Object({ name: Name, roles: Type.Array(Role, { minItems: 1, uniqueItems: true }), expiresAt: Seconds });
export type NewApiToken = Static<typeof NewApiToken>;
export const CreatedApiToken = Type.Object({ id: Id, token: Type.String() });

export const AuditQuery = Type.Object({
  member: Type.Optional(Id),
  action: Type.Optional(Type.String({ maxLength: 64 })),
  target: Type.Optional(Type.String({ maxLength: 128 })),
  from: Type.Optional(Seconds),
  to: Type.Optional(Seconds),
  before: Type.Optional(Id),
});
export type AuditQuery = Static<typeof AuditQuery>;
export const AuditExportQuery = Type.Composite([
  AuditQuery,
  Type.Object({ format: Type.Union([Type.Literal('csv'), Type.Literal('jsonl')]) }),
]);
export const AuditEntry = Type.Object({
  id: Id,
  at: Seconds,
  actor: Type.Object({
    kind: Type.Union([Type.Literal('member'), Type.Literal('token'), Type.Literal('anonymous')]),
    id: Type.Union([Id, Type.Null()]),
    name: Type.String(),
  }),
  action: Type.String(),
  target: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  address: Type.String(),
  userAgent: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditPage = Type.Object({ entries: Type.Array(AuditEntry), next: Type.Union([Id, Type.Null()]) });
