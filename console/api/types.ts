/**
 * The answers the console reads, as docs/console-api (issue 30) gives them.
 * (core/console/schemas holds the server's TypeBox schemas; these mirror the
 * fields the screens use, so the screens compile before every schema lands.)
 */
import type { ConsoleMember } from '../../machines/console/sessionMachine';

export interface SessionAnswer {
  member: ConsoleMember;
  session: { id: string; idleExpiresAt: number; expiresAt: number; reauthUntil: number };
}

export interface SignInAnswer {
  challenge: string;
  factors: Array<'totp' | 'passkey' | 'recovery'>;
  passkeyOptions?: unknown;
}

export interface MySession {
  id: string;
  device: string;
  address: string;
  createdAt: number;
  lastUsedAt: number;
  current: boolean;
}

export interface Factor {
  id: string;
  kind: 'totp' | 'passkey';
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface StaffMember extends ConsoleMember {
  disabled: boolean;
  createdAt: number;
  lastSignInAt: number | null;
  version: number;
}

export interface Invitation {
  id: string;
  email: string;
  roles: string[];
  languages: string[];
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface ApiToken {
  id: string;
  name: string;
  roles: string[];
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface AuditEntry {
  id: string;
  at: number;
  actor: { kind: 'member' | 'token' | 'anonymous'; id: string | null; name: string | null };
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  address: string | null;
  userAgent: string | null;
}

export interface CatalogTitle {
  id: number;
  seriesId: number;
  language: string;
  name: string;
  author: string;
  overview: string;
  version: number;
}
