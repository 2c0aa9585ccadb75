import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { startAuthentication } from '@simplewebauthn/browser';
import { signInMachine, type SecondFactor, type SignInProblem } from '../../../machines/console/signInMachine';
import { inspect } from '../../../web/inspector';
import { ConsoleProblem, problemCode } from '../../api/client';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { useSession } from '../../ui/sessionContext';
import { Field, Problem } from '../../ui/ui';
import { RecoveryWayIn } from './RecoveryWayIn';

const asProblem = (e: unknown): { problem: SignInProblem; retryAfter?: number } => {
  const code = problemCode(e);
  const problem =
    (['bad-credentials', 'throttled', 'account-throttled', 'locked', 'bad-code'] as const).find((c) => c === code) ?? 'failed';
  return e instanceof ConsoleProblem && e.retryAfter !== null ? { problem, retryAfter: e.retryAfter } : { problem };
};

/** Sign-in: email and password, then the second factor (authenticator code, recovery code or passkey). */
export default function SignInScreen({ expired }: { expired: boolean }) {
  const session = useSession();
  const [snap, send] = useMachine(
    signInMachine.provide({
      actions: {
        checkPassword: ({ self }, p) => {
          call('POST /sign-in', { body: { email: p.email, password: p.password } }).then(
            (a) =>
              self.send({ type: 'credentials.accepted', challenge: a.challenge, factors: a.factors, passkeyOptions: a.passkeyOptions }),
            (e: unknown) => self.send({ type: 'credentials.refused', ...asProblem(e) }),
          );
        },
        checkFactor: ({ self }, p) => {
          const answer =
            p.method === 'passkey'
              ? startAuthentication({ optionsJSON: p.passkeyOptions as Parameters<typeof startAuthentication>[0]['optionsJSON'] }).then(
                  (response) => call('POST /sign-in/passkey', { body: { challenge: p.challenge, response } }),
                  // The browser's own refusal (cancelled, no passkey here) is a wrong factor, not a lock.
                  () => Promise.reject(new ConsoleProblem(401, 'bad-code', 'passkey')),
                )
              : call(p.method === 'totp' ? 'POST /sign-in/totp' : 'POST /sign-in/recovery', {
                  body: { challenge: p.challenge, code: p.code },
                });
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
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
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field
            label={t('console.signIn.password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {problem}
          <button type="submit" className="c-button" disabled={busy}>
            {busy ? t('console.signIn.checking') : t('console.signIn.continue')}
          </button>
          {c.problem === 'account-throttled' ? (
            <RecoveryWayIn email={email} password={password} onSignedIn={() => session.refresh()} />
          ) : null}
        </form>
      ) : (
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
      )}
    </main>
  );
}
