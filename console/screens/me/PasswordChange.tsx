import { useState } from 'react';
import { PASSWORD_MIN, passwordLongEnough } from '../../../machines/console/enrolmentMachine';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { useReauth } from '../../ui/reauth';
import { Field, Notice, Problem } from '../../ui/ui';

/** A new password (asks the current one again first; ends the member's other sessions). */
export function PasswordChange() {
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const reauth = useReauth(() => {
    setPassword('');
    setNotice(t('console.me.passwordChanged'));
  });
  return (
    <section aria-labelledby="my-password">
      <h2 id="my-password">{t('console.me.password')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setNotice(null);
          reauth.run(() => call('POST /me/password', { body: { password } }));
        }}
      >
        <Field
          label={t('console.me.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={t('console.enrol.ruleLength', { n: PASSWORD_MIN })}
        />
        <Problem code={reauth.failure} />
        <button type="submit" className="c-button" disabled={reauth.busy || !passwordLongEnough(password)}>
          {t('console.me.changePassword')}
        </button>
      </form>
      <Notice text={notice} />
      {reauth.dialog}
    </section>
  );
}
