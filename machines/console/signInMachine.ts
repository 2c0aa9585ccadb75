import { assign, setup } from 'xstate';

/**
 * Staff sign-in: email and password first, then a second factor
 * that is always required (TOTP code, recovery code or passkey). A refused
 * password says only "wrong email or password" (the server never tells
 * whether an address has an account); throttling (the address's, or the
 * account's brake, which the screen offers to pass with a recovery code)
 * carries how long to wait. A refused second factor keeps the challenge so the
 * member tries again; an expired challenge or a lock sends them back to the
 * password.
 */
export type SecondFactor = 'totp' | 'recovery' | 'passkey';
export type SignInProblem = 'bad-credentials' | 'throttled' | 'account-throttled' | 'locked' | 'bad-code' | 'failed';

export interface SignInContext {
  email: string;
  challenge: string;
  factors: SecondFactor[];
  /** The server's WebAuthn request options, handed to the browser as they are. */
  passkeyOptions: unknown;
  method: SecondFactor;
  problem: SignInProblem | null;
  /** Seconds to wait (throttled, locked). */
  retryAfter: number;
}

export type SignInEvent =
  | { type: 'credentials.submit'; email: string; password: string }
  | { type: 'credentials.accepted'; challenge: string; factors: SecondFactor[]; passkeyOptions?: unknown }
  | { type: 'credentials.refused'; problem: SignInProblem; retryAfter?: number }
  | { type: 'method.choose'; method: SecondFactor }
  | { type: 'factor.submit'; code: string }
  | { type: 'factor.accepted' }
  | { type: 'factor.refused'; problem: SignInProblem; retryAfter?: number }
  | { type: 'signIn.restart' };

export const signInMachine = setup({
  types: { context: {} as SignInContext, events: {} as SignInEvent },
  actions: {
    checkPassword: (_, _p: { email: string; password: string }) => {},
    checkFactor: (_, _p: { challenge: string; method: SecondFactor; code: string; passkeyOptions: unknown }) => {},
    signedIn: () => {},
    noteProblem: assign(({ event }) => ({
      problem: 'problem' in event ? event.problem : null,
      retryAfter: 'retryAfter' in event ? (event.retryAfter ?? 0) : 0,
    })),
  },
  guards: {
    filled: ({ event }) => event.type === 'credentials.submit' && event.email.trim() !== '' && event.password !== '',
    offered: ({ context, event }) => event.type === 'method.choose' && context.factors.includes(event.method),
    hasCode: ({ context, event }) => event.type === 'factor.submit' && (context.method === 'passkey' || event.code.trim() !== ''),
    // A wrong code keeps the challenge; anything else (expired challenge, lock) starts again.
    badCode: ({ event }) => event.type === 'factor.refused' && event.problem === 'bad-code',
  },
}).createMachine({
  id: 'consoleSignIn',
  context: { email: '', challenge: '', factors: [], passkeyOptions: null, method: 'totp', problem: null, retryAfter: 0 },
  initial: 'credentials',
  states: {
    credentials: {
      on: {
        'credentials.submit': {
          guard: 'filled',
          target: 'checking',
          actions: [
            assign({ email: ({ event }) => event.email, problem: null }),
            { type: 'checkPassword', params: ({ event }) => ({ email: event.email, password: event.password }) },
          ],
        },
      },
    },
    checking: {
      on: {
        'credentials.accepted': {
          target: 'secondFactor',
          actions: assign({
            challenge: ({ event }) => event.challenge,
            factors: ({ event }) => event.factors,
            passkeyOptions: ({ event }) => event.passkeyOptions ?? null,
            method: ({ event }) => (event.factors.includes('totp') ? 'totp' : (event.factors[0] ?? 'totp')),
            problem: null,
          }),
        },
        'credentials.refused': { target: 'credentials', actions: 'noteProblem' },
      },
    },
    secondFactor: {
      on: {
        'method.choose': { guard: 'offered', actions: assign({ method: ({ event }) => event.method, problem: null }) },
        'factor.submit': {
          guard: 'hasCode',
          target: 'verifying',
          actions: {
            type: 'checkFactor',
            params: ({ context, event }) => ({
              challenge: context.challenge,
              method: context.method,
              code: event.code.trim(),
              passkeyOptions: context.passkeyOptions,
            }),
          },
        },
        'signIn.restart': { target: 'credentials', actions: assign({ challenge: '', problem: null }) },
      },
    },
    verifying: {
      on: {
        'factor.accepted': { target: 'signedIn', actions: 'signedIn' },
        'factor.refused': [
          { guard: 'badCode', target: 'secondFactor', actions: 'noteProblem' },
          { target: 'credentials', actions: ['noteProblem', assign({ challenge: '' })] },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
});
