import {
  ApiTokens,
  AuditExportQuery,
  AuditPage,
  AuditQuery,
  CreatedApiToken,
  InvitationLink,
  Invitations,
  Link,
  MailQuery,
  MemberSessionParams,
  NewApiToken,
  NewInvitation,
  StaffList,
  StaffMember,
  StaffPatch,
} from '../schemas/admin.js';
import { Sessions } from '../schemas/auth.js';
import { IdParams } from '../schemas/common.js';
import type { Role } from '../roles.js';
import type { RouteSpec } from './spec.js';

/** Staff, invitations, API tokens and the audit log: the owner's alone (a token never carries owner). */
const OWNER: readonly Role[] = ['owner'];

/** The owner's areas: staff, invitations, API tokens, the audit log. */
export const ADMIN_ROUTES = {
  'GET /staff': { access: OWNER, summary: 'Every member of the staff', response: StaffList },
  'PATCH /staff/:id': {
    access: OWNER,
    summary: "Changes a member's roles, languages or disabled mark (at the version read; roles need a re-authentication)",
    params: IdParams,
    body: StaffPatch,
    response: StaffMember,
  },
  'POST /staff/:id/reset-factors': {
    access: OWNER,
    summary: "Removes a member's second factors and ends their sessions: a link to enrol new ones, mailed to them (in `locale`)",
    params: IdParams,
    query: MailQuery,
    response: Link,
  },
  'GET /staff/:id/sessions': { access: OWNER, summary: "A member's open sessions", params: IdParams, response: Sessions },
  'DELETE /staff/:id/sessions/:sid': {
    access: OWNER,
    summary: "Ends one of a member's sessions",
    params: MemberSessionParams,
    status: 204,
  },
  'DELETE /staff/:id/sessions': { access: OWNER, summary: "Ends every session of a member's", params: IdParams, status: 204 },

  'GET /invitations': { access: OWNER, summary: 'Invitations, open and used', response: Invitations },
  'POST /invitations': {
    access: OWNER,
    summary: 'Invites a new member: an enrolment link, valid 24 h, single use, mailed to them (in `locale`)',
    body: NewInvitation,
    response: InvitationLink,
  },
  'DELETE /invitations/:id': { access: OWNER, summary: 'Withdraws an invitation', params: IdParams, status: 204 },

  'GET /tokens': { access: OWNER, summary: 'API tokens, revoked ones too', response: ApiTokens },
  'POST /tokens': {
    access: OWNER,
    summary: 'Makes an API token for some roles (never owner): its secret shown this once',
    body: NewApiToken,
    response: CreatedApiToken,
  },
  'DELETE /tokens/:id': { access: OWNER, summary: 'Revokes an API token', params: IdParams, status: 204 },

  'GET /audit': {
    access: OWNER,
    summary: 'The audit log, newest first, filtered, a page at a time',
    query: AuditQuery,
    response: AuditPage,
  },
  'GET /audit/export': {
    access: OWNER,
    summary: 'The audit log with the same filters, as a CSV or JSON-lines file',
    query: AuditExportQuery,
  },
} as const satisfies Record<string, RouteSpec>;
