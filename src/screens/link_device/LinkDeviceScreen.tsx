import { useCallback, useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import { useSearch } from 'wouter';
import type { DeviceLinkView } from '../../../core/gen/manga/v1/sync_pb';
import { ApiCallError } from '../../api/client';
import { t } from '../../i18n';
import { refresh as refreshBookmarks } from '../../features/pageBookmarks/pageBookmarks';
import { adoptGroupSettings, flushSettings, setLinked } from '../../features/readerSettings/settingsSync';
import { claimCode, confirmLink, declineLink, guessDeviceName, linkStatus, makeCode, showCode, unlinkDevice } from './deviceLinkApi';
import { LinkedDevices } from './LinkedDevices';
import './linkDevice.css';

/** How often the screen asks whether the other device has typed the code or confirmed (ms). */
const POLL_MS = 2000;

function failureText(e: unknown): string {
  if (e instanceof ApiCallError && e.status === 429) return t('sync.linkTooMany');
  if (e instanceof ApiCallError && e.status === 404) return t('sync.linkBadCode');
  return t('sync.linkFailed');
}

/**
 * /link_device (issue 29): share this reading with another device without an
 * account. This device shows a code (and its QR code, a link to this page with
 * the code) for the other to type or scan; that device then waits, and this
 * one confirms or declines. The devices linked are listed, each can be unlinked.
 */
export default function LinkDeviceScreen() {
  const search = useSearch();
  const [view, setView] = useState<DeviceLinkView | null>(null);
  const [code, setCode] = useState<{ code: string; qr: string; expiresAt: number } | null>(null);
  const [typed, setTyped] = useState(() => new URLSearchParams(search).get('code') ?? '');
  const [name, setName] = useState(() => guessDeviceName(navigator.userAgent));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const linked = (view?.devices.length ?? 0) > 0;

  // This device claimed a code and waits: once confirmed it joins the other's group and takes its reader settings.
  const waited = useRef(false);
  const update = useCallback((v: DeviceLinkView) => {
    setView(v);
    if (v.devices.length > 0) void refreshBookmarks();
    setLinked(v.devices.length > 0);
    if (waited.current && !v.waiting && v.devices.length > 0) void adoptGroupSettings();
    waited.current = v.waiting;
  }, []);
  const act = (p: Promise<DeviceLinkView>) => {
    setBusy(true);
    setError('');
    p.then(update, (e: unknown) => setError(failureText(e))).finally(() => setBusy(false));
  };

  useEffect(() => {
    let stop = false;
    let timer = 0;
    const poll = () => {
      linkStatus().then(
        (v) => !stop && update(v),
        () => {},
      );
      timer = window.setTimeout(poll, POLL_MS);
    };
    poll();
    return () => {
      stop = true;
      window.clearTimeout(timer);
    };
  }, [update]);

  const newCode = () => {
    setBusy(true);
    setError('');
    makeCode()
      .then(async (v) => {
        const url = `${window.location.origin}/link_device?code=${v.code}`;
        setCode({ code: v.code, qr: await QRCode.toDataURL(url, { margin: 1, width: 200 }), expiresAt: v.expiresAt });
        update(v);
      })
      .catch((e: unknown) => setError(failureText(e)))
      .finally(() => setBusy(false));
  };

  return (
    <main className="content link-device" data-screen="link_device">
      <h1 className="section-title">{t('sync.linkHeading')}</h1>
      <p className="link-device__intro">{t('sync.linkIntro')}</p>
      {error && (
        <p className="link-device__error" role="alert" data-testid="link-error">
          {error}
        </p>
      )}
      {view?.pendingName ? (
        <section className="link-device__box" aria-labelledby="link-confirm" data-testid="link-confirm">
          <h2 id="link-confirm">{t('sync.linkConfirmHeading')}</h2>
          <p>{t('sync.linkConfirmBody', { name: view.pendingName })}</p>
          <div className="link-device__actions">
            <button type="button" className="button" disabled={busy} onClick={() => act(declineLink())}>
              {t('sync.linkDecline')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => act(flushSettings().then(() => confirmLink(name)))}
            >
              {t('sync.linkConfirm')}
            </button>
          </div>
        </section>
      ) : null}
      <section className="link-device__box" aria-labelledby="link-show">
        <h2 id="link-show">{t('sync.linkShowHeading')}</h2>
        {code && !linked ? (
          <div className="link-device__code">
            <img src={code.qr} width={200} height={200} alt={t('sync.linkQrAlt', { code: showCode(code.code) })} />
            <p className="link-device__digits" data-testid="link-code">
              {showCode(code.code)}
            </p>
            <p className="link-device__hint">{t('sync.linkCodeHint')}</p>
          </div>
        ) : null}
        <button type="button" className="button" disabled={busy} onClick={newCode} data-testid="link-make-code">
          {t(code ? 'sync.linkNewCode' : 'sync.linkMakeCode')}
        </button>
      </section>
      <section className="link-device__box" aria-labelledby="link-enter">
        <h2 id="link-enter">{t('sync.linkEnterHeading')}</h2>
        {view?.waiting ? (
          <p role="status" data-testid="link-waiting">
            {t('sync.linkWaiting')}
          </p>
        ) : (
          <form
            className="link-device__form"
            onSubmit={(e) => {
              e.preventDefault();
              act(claimCode(typed, name));
            }}
          >
            <label htmlFor="link-code-input">{t('sync.linkCodeLabel')}</label>
            <input
              id="link-code-input"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={16}
              required
              data-testid="link-code-input"
            />
            <label htmlFor="link-name-input">{t('sync.linkNameLabel')}</label>
            <input id="link-name-input" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
            <button type="submit" className="button button--primary" disabled={busy} data-testid="link-claim">
              {t('sync.linkClaim')}
            </button>
          </form>
        )}
      </section>
      <LinkedDevices devices={view?.devices ?? []} busy={busy} onUnlink={(id) => act(unlinkDevice(id))} />
    </main>
  );
}
