import { useState } from 'react';
import { PASSWORD_MIN, passwordLongEnough, type EnrolProblem } from '../../../machines/console/enrolmentMachine';
import { t } from '../../i18n';
import { Field, Problem } from '../../ui/ui';

/** Name, password (its rules shown as they are met), and the second factor to set up. */
export function PasswordForm({
  askEmail,
  busy,
  problem,
  onSubmit,
}: {
  askEmail: boolean;
  busy: boolean;
  problem: EnrolProblem | null;
  onSubmit: (v: { name: string; password: string; method: 'totp' | 'passkey'; email: string }) => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [method, setMethod] = useState<'totp' | 'passkey'>('totp');
  const long = passwordLongEnough(password);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ name, password, method, email });
      }}
    >
      {askEmail ? (
        <Field
          label={t('console.signIn.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      ) : null}
      <Field label={t('console.enrol.name')} autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
      <Field
        label={t('console.enrol.password')}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={
          <ul className="c-rules">
            <li className={long ? 'c-rules--met' : undefined}>
              {t('console.enrol.ruleLength', { n: PASSWORD_MIN })}
              <span className="c-visually-hidden">{long ? t('console.enrol.ruleMet') : t('console.enrol.ruleNotMet')}</span>
            </li>
            <li>{t('console.enrol.ruleCommon')}</li>
            <li>{t('console.enrol.ruleGuessable')}</li>
          </ul>
        }
      />
      <fieldset className="c-choices">
        <legend>{t('console.enrol.factor')}</legend>
        <label>
          <input type="radio" name="factor" checked={method === 'totp'} onChange={() => setMethod('totp')} />
          {t('console.enrol.factor.totp')}
        </label>
        <label>
          <input type="radio" name="factor" checked={method === 'passkey'} onChange={() => setMethod('passkey')} />
          {t('console.enrol.factor.passkey')}
        </label>
      </fieldset>
      <Problem code={problem} />
      <button type="submit" className="c-button" disabled={busy || !long || name.trim() === '' || (askEmail && email.trim() === '')}>
        {t('console.enrol.continue')}
      </button>
    </form>
  );
}
