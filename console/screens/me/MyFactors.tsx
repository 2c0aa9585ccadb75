import { useState } from 'react';
import { startRegistration } from '@simplewebauthn/browser';
import type { NewTotp } from '../../../core/console/schemas/auth';
import { problemCode } from '../../api/client';
import { call, type Answer } from '../../api/call';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { useCall } from '../../ui/useLoad';
import { useReauth, type Reauth } from '../../ui/reauth';
import { Field, Problem, Secret } from '../../ui/ui';
import { TotpSetup } from '../enrol/TotpSetup';

type Factor = Answer<'GET /me/factors'>['factors'][number];

/** Each factor with when it was last used and its remove button. */
function FactorList({ factors, reauth }: { factors: Factor[] | undefined; reauth: Reauth }) {
  return (
    <ul className="c-list">
      {factors?.map((f) => (
        <li key={f.id}>
          <span>
            <strong>{f.name}</strong> · {t(`console.signIn.method.${f.kind}`)} · {t('console.me.lastUsed')}: {when(f.lastUsedAt)}
          </span>
          <button
            type="button"
            className="c-button c-button--quiet"
            disabled={reauth.busy}
            onClick={() => reauth.run(() => call('DELETE /me/factors/:id', { params: { id: f.id } }))}
            aria-label={t('console.factor.removeNamed', { name: f.name })}
          >
            {t('console.factor.remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** New recovery codes, shown once, to copy or save. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div>
      <h3>{t('console.enrol.recoveryTitle')}</h3>
      <p>{t('console.enrol.recoveryHint')}</p>
      <Secret lines={codes} fileName="recovery-codes.txt" label={t('console.enrol.recoveryTitle')} />
    </div>
  );
}

/** Second factors: list, add (authenticator or passkey), remove, new recovery codes; each asks the password first. */
export function MyFactors() {
  const { data, error, reload } = useCall('GET /me/factors', {});
  const [name, setName] = useState('');
  const [pending, setPending] = useState<NewTotp | null>(null);
  const [code, setCode] = useState('');
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const reauth = useReauth(reload);

  const addTotp = () =>
    reauth.run(() => call('POST /me/factors/totp', { body: { name: name.trim() || t('console.factor.defaultTotp') } }).then(setPending));
  const addPasskey = () =>
    reauth.run(async () => {
      const { options } = await call('POST /me/factors/passkey', { body: { name: name.trim() || t('console.factor.defaultPasskey') } });
      // The server's options are WebAuthn JSON (@simplewebauthn/server made them): the browser's types, unchecked.
      const optionsJSON = options as Parameters<typeof startRegistration>[0]['optionsJSON'];
      await call('POST /me/factors/passkey/confirm', { body: { response: await startRegistration({ optionsJSON }) } });
    });
  const confirmTotp = () => {
    if (!pending) return;
    call('POST /me/factors/totp/:id/confirm', { params: { id: pending.id }, body: { code: code.trim() } }).then(
      (a) => {
        setPending(null);
        setCode('');
        if (a.recoveryCodes) setCodes(a.recoveryCodes);
        reload();
      },
      (e: unknown) => setCodeProblem(problemCode(e)),
    );
  };

  return (
    <section aria-labelledby="my-factors">
      <h2 id="my-factors">{t('console.me.factors')}</h2>
      <Problem code={error ?? reauth.failure} />
      <FactorList factors={data?.factors} reauth={reauth} />
      {data ? <p>{t('console.factor.codesLeft', { n: data.recoveryCodesLeft })}</p> : null}
      <Field label={t('console.factor.name')} value={name} onChange={(e) => setName(e.target.value)} />
      <div className="c-row">
        <button type="button" className="c-button" disabled={reauth.busy} onClick={addTotp}>
          {t('console.factor.addTotp')}
        </button>
        <button type="button" className="c-button" disabled={reauth.busy} onClick={addPasskey}>
          {t('console.factor.addPasskey')}
        </button>
        <button
          type="button"
          className="c-button c-button--quiet"
          disabled={reauth.busy}
          onClick={() => reauth.run(() => call('POST /me/recovery-codes').then((a) => setCodes(a.recoveryCodes)))}
        >
          {t('console.factor.newCodes')}
        </button>
      </div>
      {pending ? (
        <TotpSetup
          totp={pending}
          code={code}
          setCode={setCode}
          busy={false}
          onSubmit={confirmTotp}
          problem={<Problem code={codeProblem} />}
        />
      ) : null}
      {codes ? <RecoveryCodes codes={codes} /> : null}
      {reauth.dialog}
    </section>
  );
}
