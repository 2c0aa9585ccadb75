/**
 * The sign-in's calls (core/console/routes/auth.ts): the password, then
 * the second factor: an authenticator or recovery code, or a passkey (the
 * browser's WebAuthn ceremony on the server's options, then its answer).
 */
import { startAuthentication } from '@simplewebauthn/browser';
import { ConsoleProblem } from '../../api/client';
import { call } from '../../api/call';

export const checkPassword = (email: string, password: string) => call('POST /sign-in', { body: { email, password } });

/** An authenticator (TOTP) or recovery code for the challenge the password answered. */
export const checkCode = (method: 'totp' | 'recovery', challenge: string, code: string) =>
  call(method === 'totp' ? 'POST /sign-in/totp' : 'POST /sign-in/recovery', { body: { challenge, code } });

/** The passkey: the browser asked with the server's options (WebAuthn JSON, handed on as they are), its answer checked. */
export const checkPasskey = (challenge: string, options: unknown) =>
  startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'] }).then(
    (response) => call('POST /sign-in/passkey', { body: { challenge, response } }),
    // The browser's own refusal (cancelled, no passkey here) is a wrong factor, not a lock.
    () => Promise.reject(new ConsoleProblem(401, 'bad-code', 'passkey')),
  );
