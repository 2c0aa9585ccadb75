import { useState } from 'react';
import { problemCode } from '../../api/client';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { Field, Problem } from '../../ui/ui';

/**
 * While the account's brake holds (failures from elsewhere), the password
 * typed above and one recovery code sign in at once (the brake is passed,
 * the address's throttle still applies; the code is used up).
 */
export function RecoveryWayIn({ email, password, onSignedIn }: { email: string; password: string; onSignedIn: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    setBusy(true);
    setProblem(null);
    call('POST /sign-in/with-recovery-code', { body: { email, password, code } }).then(
      () => onSignedIn(),
      (e: unknown) => {
        setBusy(false);
        setCode('');
        setProblem(problemCode(e));
      },
    );
  };
  return (
    <div className="c-field">
      <Field label={t('console.signIn.recoveryCode')} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      <Problem code={problem} />
      <button type="button" className="c-button c-button--quiet" disabled={busy || code.trim() === '' || password === ''} onClick={submit}>
        {t('console.signIn.withRecoveryCode')}
      </button>
    </div>
  );
}
