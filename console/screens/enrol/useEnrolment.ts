import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { enrolmentMachine, type EnrolmentEvent, type EnrolProblem } from '../../../machines/console/enrolmentMachine';
import { inspect } from '../../../web/inspector';
import { problemCode } from '../../api/client';
import { useSession } from '../../ui/sessionContext';
import { PASSKEY_REFUSED, confirmTotp, readInvitation, registerPasskey, startTotp } from './enrolmentApi';

const enrolProblem = (e: unknown): EnrolProblem => {
  const code = problemCode(e);
  return (
    (['weak-password', 'common-password', 'personal-password', 'guessable-password', 'bad-code'] as const).find((c) => c === code) ??
    'failed'
  );
};

type Self = { send: (e: EnrolmentEvent) => void };

/** The first factor begun: an authenticator's secret to show, or a passkey registered; a spent invitation said so. */
function startFactor(self: Self, p: { token: string; method: 'totp' | 'passkey'; name: string; password: string; email?: string }) {
  const refused = (e: unknown) =>
    problemCode(e) === 'enrolment-invalid'
      ? self.send({ type: 'invitation.invalid' })
      : self.send({ type: 'factor.refused', problem: enrolProblem(e) });
  const body = { name: p.name, password: p.password, ...(p.email ? { email: p.email } : {}) };
  if (p.method === 'totp') {
    startTotp(p.token, body).then(
      (totp) => self.send({ type: 'totp.started', totp: { secret: totp.secret, otpauthUrl: totp.otpauthUrl, qrSvg: totp.qrSvg } }),
      refused,
    );
    return;
  }
  registerPasskey(p.token, body).then(
    () => self.send({ type: 'passkey.done' }),
    (e: unknown) =>
      e instanceof Error && e.message === PASSKEY_REFUSED ? self.send({ type: 'factor.refused', problem: 'passkey-failed' }) : refused(e),
  );
}

/** The enrolment machine (machines/console/enrolmentMachine.ts) with the real calls; once enrolled, the session is read again and the home shown. */
export function useEnrolment(token: string) {
  const session = useSession();
  const [, navigate] = useLocation();
  const machine = useMemo(
    () =>
      enrolmentMachine.provide({
        actions: {
          loadInvitation: ({ self }, p) => {
            readInvitation(p.token).then(
              (a) => self.send({ type: 'invitation.loaded', email: a.email, roles: a.roles }),
              () => self.send({ type: 'invitation.invalid' }),
            );
          },
          startFactor: ({ self }, p) => startFactor(self, p),
          confirmTotp: ({ self }, p) => {
            confirmTotp(p.token, p.code).then(
              (a) => self.send({ type: 'totp.confirmed', recoveryCodes: a.recoveryCodes ?? [] }),
              (e: unknown) => self.send({ type: 'factor.refused', problem: enrolProblem(e) }),
            );
          },
          enrolled: () => {
            session.refresh();
            navigate('/');
          },
        },
      }),
    [session, navigate],
  );
  return useMachine(machine, { input: { token }, inspect });
}
