import { assign, setup } from 'xstate';

/**
 * Enrolment from an invitation link: the link is checked
 * (expired, used and unknown links look the same), the member chooses a name
 * (and, on a first owner's link, which names none, an email) and a password (at least 12 characters; the server also refuses common
 * ones), then a second factor: TOTP (secret and QR code, a code to confirm,
 * then ten recovery codes shown once) or a passkey (the browser creates it;
 * the effect reports the outcome).
 */
export const PASSWORD_MIN = 12;
export type EnrolProblem =
  'weak-password' | 'common-password' | 'personal-password' | 'guessable-password' | 'bad-code' | 'passkey-failed' | 'failed';

export interface TotpSecret {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

export interface EnrolmentContext {
  token: string;
  email: string;
  roles: string[];
  totp: TotpSecret | null;
  recoveryCodes: string[];
  problem: EnrolProblem | null;
}

export type EnrolmentEvent =
  | { type: 'invitation.loaded'; email: string; roles: string[] }
  | { type: 'invitation.invalid' }
  | { type: 'password.submit'; name: string; password: string; method: 'totp' | 'passkey'; email?: string }
  | { type: 'totp.started'; totp: TotpSecret }
  | { type: 'passkey.done' }
  | { type: 'factor.refused'; problem: EnrolProblem }
  | { type: 'code.submit'; code: string }
  | { type: 'totp.confirmed'; recoveryCodes: string[] }
  | { type: 'codes.saved' };

export const passwordLongEnough = (p: string) => [...p].length >= PASSWORD_MIN;

export const enrolmentMachine = setup({
  types: { context: {} as EnrolmentContext, events: {} as EnrolmentEvent, input: {} as { token: string } },
  actions: {
    loadInvitation: (_, _p: { token: string }) => {},
    startFactor: (_, _p: { token: string; name: string; password: string; method: 'totp' | 'passkey'; email?: string }) => {},
    confirmTotp: (_, _p: { token: string; code: string }) => {},
    enrolled: () => {},
  },
  guards: {
    acceptable: ({ event }) => event.type === 'password.submit' && event.name.trim() !== '' && passwordLongEnough(event.password),
    sixDigits: ({ event }) => event.type === 'code.submit' && /^\d{6}$/.test(event.code.trim()),
  },
}).createMachine({
  id: 'consoleEnrolment',
  context: ({ input }) => ({ token: input.token, email: '', roles: [], totp: null, recoveryCodes: [], problem: null }),
  initial: 'loading',
  entry: { type: 'loadInvitation', params: ({ context }) => ({ token: context.token }) },
  states: {
    loading: {
      on: {
        'invitation.loaded': {
          target: 'password',
          actions: assign({ email: ({ event }) => event.email, roles: ({ event }) => event.roles }),
        },
        'invitation.invalid': 'invalid',
      },
    },
    invalid: { type: 'final' },
    password: {
      on: {
        'password.submit': {
          guard: 'acceptable',
          target: 'starting',
          actions: [
            assign({ problem: null }),
            {
              type: 'startFactor',
              params: ({ context, event }) => ({
                token: context.token,
                name: event.name.trim(),
                password: event.password,
                method: event.method,
                // A first owner's link names no email: the member gives theirs.
                ...(context.email === '' && event.email ? { email: event.email.trim() } : {}),
              }),
            },
          ],
        },
      },
    },
    starting: {
      on: {
        'totp.started': { target: 'totp', actions: assign({ totp: ({ event }) => event.totp }) },
        'passkey.done': { target: 'done', actions: 'enrolled' },
        'factor.refused': { target: 'password', actions: assign({ problem: ({ event }) => event.problem }) },
        'invitation.invalid': 'invalid',
      },
    },
    totp: {
      on: {
        'code.submit': {
          guard: 'sixDigits',
          target: 'confirming',
          actions: [
            assign({ problem: null }),
            { type: 'confirmTotp', params: ({ context, event }) => ({ token: context.token, code: event.code.trim() }) },
          ],
        },
      },
    },
    confirming: {
      on: {
        'totp.confirmed': { target: 'recoveryCodes', actions: assign({ recoveryCodes: ({ event }) => event.recoveryCodes }) },
        'factor.refused': { target: 'totp', actions: assign({ problem: ({ event }) => event.problem }) },
      },
    },
    // Shown once: the member copies or downloads them before going on.
    recoveryCodes: {
      on: { 'codes.saved': { target: 'done', actions: [assign({ recoveryCodes: [] }), 'enrolled'] } },
    },
    done: { type: 'final' },
  },
});
