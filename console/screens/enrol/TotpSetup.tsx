import type { ReactNode } from 'react';
import type { TotpSecret } from '../../../machines/console/enrolmentMachine';
import { t } from '../../i18n';
import { CopyButton, Field } from '../../ui/ui';

/** The authenticator's secret as a QR code and as text, and the first code to confirm it. */
export function TotpSetup({
  totp,
  code,
  setCode,
  busy,
  onSubmit,
  problem,
}: {
  totp: TotpSecret;
  code: string;
  setCode: (v: string) => void;
  busy: boolean;
  onSubmit: () => void;
  problem: ReactNode;
}) {
  return (
    <form
      aria-labelledby="totp-title"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id="totp-title">{t('console.totp.title')}</h2>
      <p>{t('console.totp.scan')}</p>
      {/* The server's SVG as an image: shown, never run. */}
      <img
        className="c-qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(totp.qrSvg)}`}
        alt={t('console.totp.qrAlt')}
        width={200}
        height={200}
      />
      <p>{t('console.totp.orType')}</p>
      <div className="c-row">
        <code className="c-code" data-testid="totp-secret">
          {totp.secret}
        </code>
        <CopyButton text={totp.secret} label={t('console.common.copy')} />
      </div>
      <Field
        label={t('console.totp.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      {problem}
      <button type="submit" className="c-button" disabled={busy}>
        {t('console.totp.confirm')}
      </button>
    </form>
  );
}
