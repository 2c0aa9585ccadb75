import { useState } from 'react';
import { t } from '../../i18n';
import { Problem, Roles, Secret } from '../../ui/ui';
import { PasswordForm } from './PasswordForm';
import { TotpSetup } from './TotpSetup';
import { useEnrolment } from './useEnrolment';

/** Enrolment from an invitation link: name and password, then TOTP (with recovery codes) or a passkey. */
export default function EnrolScreen({ token }: { token: string }) {
  const [snap, send] = useEnrolment(token);
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
