import { useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { startRegistration } from '@simplewebauthn/browser';
import { enrolmentMachine, type EnrolProblem } from '../../../machines/console/enrolmentMachine';
import { inspect } from '../../../web/inspector';
import { problemCode } from '../../api/client';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { useSession } from '../../ui/sessionContext';
import { Problem, Roles, Secret } from '../../ui/ui';
import { PasswordForm } from './PasswordForm';
import { TotpSetup } from './TotpSetup';

const enrolProblem = (e: unknown): EnrolProblem => {
  const code = problemCode(e);
  return (
    (['weak-password', 'common-password', 'personal-password', 'guessable-password', 'bad-code'] as const).find((c) => c === code) ??
    'failed'
  );
};

/** Enrolment from an invitation link: name and password, then TOTP (with recovery codes) or a passkey. */
export default function EnrolScreen({ token }: { token: string }) {
  const session = useSession();
  const [, navigate] = useLocation();
  const machine = useMemo(
    () =>
      enrolmentMachine.provide({
        actions: {
          loadInvitation: ({ self }, p) => {
            call('GET /enrolment/:token', { params: { token: p.token } }).then(
              (a) => self.send({ type: 'invitation.loaded', email: a.email, roles: a.roles }),
              () => self.send({ type: 'invitation.invalid' }),
            );
          },
          startFactor: ({ self }, p) => {
            const params = { token: p.token };
            const refused = (e: unknown) =>
              problemCode(e) === 'enrolment-invalid'
                ? self.send({ type: 'invitation.invalid' })
                : self.send({ type: 'factor.refused', problem: enrolProblem(e) });
            const body = { name: p.name, password: p.password, ...(p.email ? { email: p.email } : {}) };
            if (p.method === 'totp') {
              call('POST /enrolment/:token/totp', { params, body }).then(
                (totp) =>
                  self.send({ type: 'totp.started', totp: { secret: totp.secret, otpauthUrl: totp.otpauthUrl, qrSvg: totp.qrSvg } }),
                refused,
              );
              return;
            }
            call('POST /enrolment/:token/passkey', { params, body })
              .then(async (a) => {
                // The server's options are WebAuthn JSON (@simplewebauthn/server made them): the browser's types, unchecked.
                const optionsJSON = a.options as Parameters<typeof startRegistration>[0]['optionsJSON'];
                const response = await startRegistration({ optionsJSON }).catch(() => {
                  throw new Error('passkey');
                });
                await call('POST /enrolment/:token/passkey/confirm', { params, body: { response } });
              })
              .then(
                () => self.send({ type: 'passkey.done' }),
                (e: unknown) =>
                  e instanceof Error && e.message === 'passkey'
                    ? self.send({ type: 'factor.refused', problem: 'passkey-failed' })
                    : refused(e),
              );
          },
          confirmTotp: ({ self }, p) => {
            call('POST /enrolment/:token/totp/confirm', { params: { token: p.token }, body: { code: p.code } }).then(
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
  const [snap, send] = useMachine(machine, { input: { token }, inspect });
  const [code, setCode] = useState('');
  const c = snap.context;

  return (
    <main className="c-auth" id="console-main">
      <h1>{t('console.enrol.title')}</h1>
      {snap.matches('loading') ? <p role="status">{t('console.common.loading')}</p> : null}
      {snap.matches('invalid') ? <p className="c-alert">{t('console.problem.enrolment-invalid')}</p> : null}
      {snap.matches('loading') || snap.matches('invalid') ? null : (
        <p>
          {c.email ? t('console.enrol.for', { email: c.email }) : t('console.enrol.firstOwner')} <Roles roles={c.roles} />
        </p>
      )}
      {snap.matches('password') || snap.matches('starting') ? (
        <PasswordForm
          askEmail={c.email === ''}
          busy={snap.matches('starting')}
          problem={c.problem}
          onSubmit={(v) => send({ type: 'password.submit', ...v })}
        />
      ) : null}
      {(snap.matches('totp') || snap.matches('confirming')) && c.totp ? (
        <TotpSetup
          totp={c.totp}
          code={code}
          setCode={setCode}
          busy={snap.matches('confirming')}
          onSubmit={() => send({ type: 'code.submit', code })}
          problem={<Problem code={c.problem} />}
        />
      ) : null}
      {snap.matches('recoveryCodes') ? (
        <section aria-labelledby="recovery-title">
          <h2 id="recovery-title">{t('console.enrol.recoveryTitle')}</h2>
          <p>{t('console.enrol.recoveryHint')}</p>
          <Secret lines={c.recoveryCodes} fileName="recovery-codes.txt" label={t('console.enrol.recoveryTitle')} />
          <button type="button" className="c-button" onClick={() => send({ type: 'codes.saved' })}>
            {t('console.enrol.recoverySaved')}
          </button>
        </section>
      ) : null}
    </main>
  );
}
