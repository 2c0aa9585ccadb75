import { useMachine } from '@xstate/react';
import { signInMachine, type SignInProblem } from '../../../machines/console/signInMachine';
import { inspect } from '../../../web/inspector';
import { ConsoleProblem, problemCode } from '../../api/client';
import { useSession } from '../../ui/sessionContext';
import { checkCode, checkPasskey, checkPassword } from './signInApi';

const asProblem = (e: unknown): { problem: SignInProblem; retryAfter?: number } => {
  const code = problemCode(e);
  const problem =
    (['bad-credentials', 'throttled', 'account-throttled', 'locked', 'bad-code'] as const).find((c) => c === code) ?? 'failed';
  return e instanceof ConsoleProblem && e.retryAfter !== null ? { problem, retryAfter: e.retryAfter } : { problem };
};

/** The sign-in machine (machines/console/signInMachine.ts) with the real calls; once signed in, the session is read again. */
export function useSignIn() {
  const session = useSession();
  return useMachine(
    signInMachine.provide({
      actions: {
        checkPassword: ({ self }, p) => {
          checkPassword(p.email, p.password).then(
            (a) =>
              self.send({ type: 'credentials.accepted', challenge: a.challenge, factors: a.factors, passkeyOptions: a.passkeyOptions }),
            (e: unknown) => self.send({ type: 'credentials.refused', ...asProblem(e) }),
          );
        },
        checkFactor: ({ self }, p) => {
          const answer = p.method === 'passkey' ? checkPasskey(p.challenge, p.passkeyOptions) : checkCode(p.method, p.challenge, p.code);
          answer.then(
            () => self.send({ type: 'factor.accepted' }),
            (e: unknown) => self.send({ type: 'factor.refused', ...asProblem(e) }),
          );
        },
        signedIn: () => session.refresh(),
      },
    }),
    { inspect },
  );
}
