import {
  ChallengeCode,
  ChallengePasskey,
  CodeBody,
  EnrolStart,
  Enrolled,
  Enrolment,
  PasskeyOptions,
  PasskeyResponse,
  PasswordBody,
  Reauth,
  SessionInfo,
  SignIn,
  SignInChallenge,
  SignInWithCode,
  SignedIn,
  TokenParams,
  TotpSetup,
} from '../schemas/auth.js';
import type { RouteSpec } from './spec.js';

/**
 * Enrolment from a link, sign-in, and the member's current session (issue
 * 30). Enrolment and sign-in steps are public: the link's token or the
 * sign-in challenge is the credential; the step that ends one starts the
 * session (its cookie set by the server, never in the answer).
 */
export const AUTH_ROUTES = {
  'GET /openapi.json': { access: 'member', summary: "The console API's OpenAPI document (staff only: it lists every route)" },

  'GET /enrolment/:token': {
    access: 'public',
    summary: 'What an enrolment link is for: the address and roles it enrols',
    params: TokenParams,
    response: Enrolment,
  },
  'POST /enrolment/:token/totp': {
    access: 'public',
    summary: 'Enrolment, step one with a TOTP app: name and password, then the secret to scan',
    params: TokenParams,
    body: EnrolStart,
    response: TotpSetup,
  },
  'POST /enrolment/:token/totp/confirm': {
    access: 'public',
    summary: "Enrolment's TOTP code: the member is made, signed in, and given recovery codes",
    params: TokenParams,
    body: CodeBody,
    response: Enrolled,
  },
  'POST /enrolment/:token/passkey': {
    access: 'public',
    summary: 'Enrolment, step one with a passkey: name and password, then the registration options',
    params: TokenParams,
    body: EnrolStart,
    response: PasskeyOptions,
  },
  'POST /enrolment/:token/passkey/confirm': {
    access: 'public',
    summary: "Enrolment's passkey: the member is made, signed in, and given recovery codes",
    params: TokenParams,
    body: PasskeyResponse,
    response: Enrolled,
  },

  'POST /sign-in': {
    access: 'public',
    summary: 'Sign-in, the password: a challenge and the second factors it may be answered with',
    body: SignIn,
    response: SignInChallenge,
  },
  'POST /sign-in/totp': {
    access: 'public',
    summary: "Sign-in's second factor, a TOTP code: starts the session",
    body: ChallengeCode,
    response: SignedIn,
  },
  'POST /sign-in/recovery': {
    access: 'public',
    summary: "Sign-in's second factor, a recovery code (used up): starts the session",
    body: ChallengeCode,
    response: SignedIn,
  },
  'POST /sign-in/with-recovery-code': {
    access: 'public',
    summary:
      "Sign-in in one step, the password and a recovery code (used up): passes the account's brake, not the address's; starts the session",
    body: SignInWithCode,
    response: SignedIn,
  },
  'POST /sign-in/passkey': {
    access: 'public',
    summary: "Sign-in's second factor, a passkey: starts the session",
    body: ChallengePasskey,
    response: SignedIn,
  },

  'GET /session': { access: 'member', summary: "The signed-in member and their session's expiries", response: SessionInfo },
  'DELETE /session': { access: 'member', summary: 'Signs out (ends this session)', status: 204 },
  'POST /session/reauth': {
    access: 'member',
    summary: 'Re-authenticates with the password, for the sensitive changes of the next minutes',
    body: PasswordBody,
    response: Reauth,
  },
} as const satisfies Record<string, RouteSpec>;
