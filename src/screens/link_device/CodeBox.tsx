import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { t } from '../../i18n';
import { showCode } from './deviceLinkApi';

/**
 * This device's code for the other to type, with its QR code (a link to
 * /link_device with the code, which the other device opens filled in);
 * or, once its 10 minutes are over, that it expired.
 */
export function CodeBox({ code, expired }: { code: string; expired: boolean }) {
  const [qr, setQr] = useState<{ code: string; url: string } | null>(null);
  useEffect(() => {
    if (expired || !code) return;
    let live = true;
    const url = `${window.location.origin}/link_device?code=${code}`;
    QRCode.toDataURL(url, { margin: 1, width: 200 }).then(
      (data) => live && setQr({ code, url: data }),
      // The digits are there to type.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [code, expired]);
  if (expired)
    return (
      <p className="link-device__expired" role="status" data-testid="link-expired">
        {t('sync.linkExpired')}
      </p>
    );
  return (
    <div className="link-device__code">
      {qr?.code === code ? (
        <img src={qr.url} width={200} height={200} alt={t('sync.linkQrAlt', { code: showCode(code) })} />
      ) : (
        <div className="link-device__qr-space" aria-hidden="true" />
      )}
      <p className="link-device__digits" data-testid="link-code">
        {showCode(code)}
      </p>
      <p className="link-device__hint">{t('sync.linkCodeHint')}</p>
    </div>
  );
}
