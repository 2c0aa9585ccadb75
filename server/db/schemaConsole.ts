import type { Generated } from 'kysely';

/** Tables of the publisher's console (migration 0010_console). JSON lists are text. */
export interface StaffMemberTable {
  id: Generated<number>;
  /** Lower case. */
  email: string;
  name: string;
  /** Argon2id PHC string. */
  password_hash: string;
  /** JSON Role[]. */
  roles: string;
  /** JSON language codes (a localizer's). */
  languages: string;
  disabled: number;
  created_at: number;
  last_sign_in_at: number | null;
  /** Bumped on every change: a stale PATCH is refused. */
  version: number;
}

/** A second factor: TOTP (secret, last step used) or a passkey (credential, public key, counter). */
export interface StaffFactorTable {
  id: Generated<number>;
  member_id: number;
  kind: 'totp' | 'passkey';
  name: string;
  secret: string | null;
  credential_id: string | null;
  public_key: string | null;
  counter: number;
  transports: string | null;
  /** The last TOTP time step accepted: a code of that step or earlier is refused. */
  last_step: number;
  /** 0 while a TOTP factor added by a member waits for its first code. */
  confirmed: number;
  created_at: number;
  last_used_at: number | null;
}

export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  member_id: number;
  /** SHA-256 hex of the normalized code. */
  code_hash: string;
  used_at: number | null;
}

export interface StaffSessionTable {
  id: Generated<number>;
  member_id: number;
  /** SHA-256 hex of the cookie's token: the token itself is never stored. */
  token_hash: string;
  created_at: number;
  last_used_at: number;
  reauth_until: number;
  address: string;
  user_agent: string;
}

/** An enrolment link: a new member's invitation, or a member's factor reset (member_id). */
export interface StaffInvitationTable {
  id: Generated<number>;
  email: string;
  roles: string;
  languages: string;
  token_hash: string;
  member_id: number | null;
  /** JSON of the enrolment under way (name, password hash, TOTP secret or WebAuthn challenge). */
  pending: string | null;
  created_by: number | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A sign-in between its password and its second factor, or a member's passkey registration. */
export interface StaffChallengeTable {
  id: Generated<number>;
  token_hash: string;
  member_id: number;
  purpose: 'sign-in' | 'passkey';
  /** JSON of the WebAuthn challenge and factor name. */
  webauthn: string | null;
  expires_at: number;
}

export interface StaffThrottleTable {
  /** 'a:<email>' or 'ip:<address>'. */
  key: string;
  failures: number;
  last_failure_at: number;
  locked_until: number;
}

export interface ConsoleTokenTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  roles: string;
  created_by: number | null;
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor_kind: 'member' | 'token' | 'anonymous';
  actor_id: number | null;
  actor_name: string;
  action: string;
  target: string;
  before: string | null;
  after: string | null;
  address: string;
  user_agent: string;
}
