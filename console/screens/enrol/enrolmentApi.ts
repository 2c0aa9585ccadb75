/**
 * The enrolment's calls (core/console/routes/auth.ts): the invitation, then
 * name and password with the first factor: an authenticator (its secret
 * shown, a code confirms it) or a passkey (the browser's WebAuthn ceremony
 * on the server's options, then its answer).
 */
import { startRegistration } from '@simplewebauthn/browser';
import { call } from '../../api/call';

/** What the member sets first: their name, their password, and their email where the invitation has none. */
export type Account = { name: string; password: string; email?: string };

export const readInvitation = (token: string) => call('GET /enrolment/:token', { params: { token } });

export const startTotp = (token: string, body: Account) => call('POST /enrolment/:token/totp', { params: { token }, body });

export const confirmTotp = (token: string, code: string) =>
  call('POST /enrolment/:token/totp/confirm', { params: { token }, body: { code } });

/** Thrown when the browser made no passkey (cancelled, none possible here). */
export const PASSKEY_REFUSED = 'passkey';

/** The passkey registered: the server's options, the browser's ceremony on them, its answer confirmed. */
export const registerPasskey = (token: string, body: Account) =>
  call('POST /enrolment/:token/passkey', { params: { token }, body }).then(async (a) => {
    // The server's options are WebAuthn JSON (@simplewebauthn/server made them): the browser's types, unchecked.
    const optionsJSON = a.options as Parameters<typeof startRegistration>[0]['optionsJSON'];
    const response = await startRegistration({ optionsJSON }).catch(() => {
      throw new Error(PASSKEY_REFUSED);
    });
    await call('POST /enrolment/:token/passkey/confirm', { params: { token }, body: { response } });
  });
