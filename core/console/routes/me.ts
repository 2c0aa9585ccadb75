import {
  CodeBody,
  Factors,
  NameBody,
  NewRecoveryCodes,
  NewTotp,
  PasskeyOptions,
  PasskeyResponse,
  PasswordBody,
  SessionParams,
  Sessions,
  TotpConfirmed,
} from '../schemas/auth.js';
import { IdParams } from '../schemas/common.js';
import type { RouteSpec } from './spec.js';

/**
 * A signed-in member's own sessions, password and second factors
 * (members only, never a token). Every change of a factor or the password
 * asks for a recent re-authentication (the service checks it).
 */
export const ME_ROUTES = {
  'GET /me/sessions': { access: 'member', summary: "The member's open sessions (this one marked current)", response: Sessions },
  'DELETE /me/sessions/:id': { access: 'member', summary: "Ends one of the member's sessions", params: SessionParams, status: 204 },
  'POST /me/password': { access: 'member', summary: "Changes the member's password", body: PasswordBody, status: 204 },

  'GET /me/factors': {
    access: 'member',
    summary: "The member's second factors and how many recovery codes are left",
    response: Factors,
  },
  'POST /me/factors/totp': {
    access: 'member',
    summary: 'Adds a TOTP app (unconfirmed until its first code): the secret to scan',
    body: NameBody,
    response: NewTotp,
  },
  'POST /me/factors/totp/:id/confirm': {
    access: 'member',
    summary: "Confirms a new TOTP app with its first code (recovery codes if it is the member's first factor)",
    params: IdParams,
    body: CodeBody,
    response: TotpConfirmed,
  },
  'POST /me/factors/passkey': {
    access: 'member',
    summary: 'Adds a passkey, step one: the registration options',
    body: NameBody,
    response: PasskeyOptions,
  },
  'POST /me/factors/passkey/confirm': {
    access: 'member',
    summary: "Adds a passkey, step two: the authenticator's response",
    body: PasskeyResponse,
    status: 204,
  },
  'DELETE /me/factors/:id': {
    access: 'member',
    summary: 'Removes a second factor (never the last one)',
    params: IdParams,
    status: 204,
  },
  'POST /me/recovery-codes': {
    access: 'member',
    summary: 'New recovery codes (the old ones stop working)',
    response: NewRecoveryCodes,
  },
} as const satisfies Record<string, RouteSpec>;
