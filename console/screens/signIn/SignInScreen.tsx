import { useState, type ReactNode } from 'react';
import type { SecondFactor, SignInContext, SignInEvent } from '../../../machines/console/signInMachine';
import { t } from '../../i18n';
import { useSession } from '../../ui/sessionContext';
import { Field, Problem } from '../../ui/ui';
import { RecoveryWayIn } from './RecoveryWayIn';
import { useSignIn } from './useSignIn';

type Send = (e: SignInEvent) => void;
type Credentials = { email: string; password: string };

/** Sign-in: email and password, then the second factor (authenticator code, recovery code or passkey). */
export default function SignInScreen({ expired }: { expired: boolean }) {
  const [snap, send] = useSignIn();
  // Kept while the second factor is asked: a restart comes back to them filled in.
  const credentials = useState<Credentials>({ email: '', password: '' });
  const c = snap.context;
  const busy = snap.matches('checking') || snap.matches('verifying') || snap.matches('signedIn');
  const problem = c.problem ? <Problem code={c.problem} retryAfter={c.retryAfter} /> : <Problem code={null} />;

  return (
    <main className="c-auth" id="console-main">
      <h1>{t('console.signIn.title')}</h1>
      {expired ? (
        <p className="c-alert c-alert--info" role="alert">
          {t('console.session.expired')}
        </p>
      ) : null}
      {snap.matches('credentials') || snap.matches('checking') ? (
        <CredentialsForm
          credentials={credentials}
          busy={busy}
          problem={problem}
          send={send}
          throttled={c.problem === 'account-throttled'}
        />
      ) : (
        <SecondFactorForm context={c} busy={busy} problem={problem} send={send} />
      )}
    </main>
  );
}

/** The first step: email and password. */
function CredentialsForm({
  credentials: [{ email, password }, setCredentials],
  busy,
  problem,
  send,
  throttled,
}: {
  credentials: [Credentials, (c: Credentials) => void];
  busy: boolean;
  problem: ReactNode;
  send: Send;
  /** The account's brake holds: the password and a recovery code still let the member in. */
  throttled: boolean;
}) {
  const session = useSession();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'credentials.submit', email, password });
      }}
    >
      <Field
        label={t('console.signIn.email')}
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setCredentials({ email: e.target.value, password })}
      />
      <Field
        label={t('console.signIn.password')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setCredentials({ email, password: e.target.value })}
      />
      {problem}
      <button type="submit" className="c-button" disabled={busy}>
        {busy ? t('console.signIn.checking') : t('console.signIn.continue')}
      </button>
      {throttled ? <RecoveryWayIn email={email} password={password} onSignedIn={() => session.refresh()} /> : null}
    </form>
  );
}

/** The second step: the factor chosen among the member's, its code (or the passkey), or back to the start. */
function SecondFactorForm({ context: c, busy, problem, send }: { context: SignInContext; busy: boolean; problem: ReactNode; send: Send }) {
  const [code, setCode] = useState('');
  return (
    <form
      aria-labelledby="second-factor"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'factor.submit', code });
        setCode('');
      }}
    >
      <h2 id="second-factor">{t('console.signIn.secondFactor')}</h2>
      <fieldset className="c-choices c-choices--row">
        <legend>{t('console.signIn.method')}</legend>
        {c.factors.map((f: SecondFactor) => (
          <label key={f}>
            <input type="radio" name="method" checked={c.method === f} onChange={() => send({ type: 'method.choose', method: f })} />
            {t(`console.signIn.method.${f}`)}
          </label>
        ))}
      </fieldset>
      {c.method === 'passkey' ? (
        <p>{t('console.signIn.passkeyHint')}</p>
      ) : (
        <Field
          label={t(c.method === 'totp' ? 'console.signIn.totpCode' : 'console.signIn.recoveryCode')}
          autoComplete="one-time-code"
          inputMode={c.method === 'totp' ? 'numeric' : 'text'}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
      {problem}
      <div className="c-row">
        <button type="submit" className="c-button" disabled={busy}>
          {c.method === 'passkey' ? t('console.signIn.usePasskey') : t('console.signIn.verify')}
        </button>
        <button type="button" className="c-button c-button--quiet" onClick={() => send({ type: 'signIn.restart' })} disabled={busy}>
          {t('console.signIn.restart')}
        </button>
      </div>
    </form>
  );
}
