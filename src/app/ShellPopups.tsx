import { memo, useContext, useEffect, useMemo, useState } from 'react';
import { useMachine } from '@xstate/react';
import { consentMachine } from '../../machines/consentMachine';
import { promoPopupMachine, type PromoConfig } from '../../machines/promoPopupMachine';
import { pushTokenMachine } from '../../machines/pushTokenMachine';
import { t } from '../i18n';
import { inspect } from '../../web/inspector';
import { Timers, windowClock, type TimerClock } from '../lib/timers';
import { savePromoLastShown, storedPromoLastShown, storedPushTokenUpdated, storedServiceLang } from '../lib/storage';
import { track } from '../analytics';
import { CloseIcon } from '../../web/CloseIcon';
import { storeLink } from '../ui/AppInstallBanner';
import { PROMO_CONFIG, browserRegion } from './promoConfig';
import { getPushToken, postPushToken, PushEnvContext, pushPermissionGranted, type PushEnv } from '../features/push/push';
import '../ui/PopupCard.css';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The regional promo popup (date window, regions, once per 24 h). */
export function PromoPopup({ config = PROMO_CONFIG, region, now }: { config?: PromoConfig; region?: string | null; now?: number }) {
  // Made once, with the props of the first render: they are the actor's input, which it reads only when it starts
  // (the defaults are read then too, not at each render of the shell).
  const [start] = useState(() => {
    const where = region === undefined ? browserRegion() : region;
    return {
      machine: promoPopupMachine.provide({
        actions: {
          saveShown: (_, p) => savePromoLastShown(p.now),
          trackFollow: () => track('promo_click', { region: where }),
        },
      }),
      input: { config, now: now ?? nowSeconds(), region: where, lastShown: storedPromoLastShown() },
    };
  });
  const [state, send] = useMachine(start.machine, { input: start.input, inspect });
  if (!state.matches('shown')) return null;
  return (
    <div
      className="popup-backdrop"
      data-testid="promo-backdrop"
      onMouseDown={(e) => e.target === e.currentTarget && send({ type: 'promo.close' })}
    >
      <div className="popup popup--promo" role="dialog" aria-modal="true" aria-label={t('shell.promoTitle')}>
        <button
          type="button"
          className="icon-button popup__close"
          aria-label={t('common.close')}
          onClick={() => send({ type: 'promo.close' })}
        >
          <CloseIcon />
        </button>
        <img src="/images/promo.svg" alt="" className="popup__image" width={400} height={300} />
        <h2 className="popup__subject">{t('shell.promoTitle')}</h2>
        <p className="popup__body">{t('shell.promoBody')}</p>
        <a
          className="button button--primary"
          href={storeLink()}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => send({ type: 'promo.follow' })}
        >
          {t('common.install')}
        </a>
      </div>
    </div>
  );
}

/** Count of active consent groups as the consent tool exposes them (",C0001,C0002,"). */
function activeConsentGroups(w: { OnetrustActiveGroups?: string } = window as never): number {
  return (w.OnetrustActiveGroups ?? '').split(',').filter((g) => g.trim()).length;
}

/** Polls the consent tool; raises "consent-ready" on window and in the dataLayer. */
export function ConsentWatcher({ maxTries, clock = windowClock }: { maxTries?: number; clock?: TimerClock } = {}) {
  const [timers] = useState(() => new Timers(clock));
  // Made once per mount (not at each render of the shell): its actions only close over the timers.
  const [machine] = useState(() =>
    consentMachine.provide({
      actions: {
        scheduleCheck: ({ self }, { ms }) => {
          timers.after(ms, () => self.send({ type: 'consent.checked', activeGroups: activeConsentGroups() }));
        },
        emitConsentReady: () => {
          track('consent-ready');
          window.dispatchEvent(new Event('consent-ready'));
        },
      },
    }),
  );
  useMachine(machine, { input: maxTries === undefined ? {} : { maxTries }, inspect });
  useEffect(() => () => timers.clear(), [timers]);
  return null;
}

/** The weekly push-token refresh, when notifications are permitted; `env`: the push APIs (ShellPopups passes PushEnvContext's; the browser's when undefined). */
export function PushTokenRefresher({ env }: { env?: PushEnv | undefined }) {
  // Made again only when `env` changes, not at each render.
  const machine = useMemo(
    () =>
      pushTokenMachine.provide({
        actions: {
          getPushToken: ({ self }) => {
            void getPushToken(env).then((token) => self.send(token ? { type: 'token.received', token } : { type: 'token.unavailable' }));
          },
          postToken: ({ self }, { token }) => {
            postPushToken(token, storedServiceLang()).then(
              () => self.send({ type: 'token.posted' }),
              () => self.send({ type: 'token.failed' }),
            );
          },
          // postPushToken records the time itself.
          saveUpdated: () => {},
          warn: (_, { reason }) => console.warn(`push: ${reason}`),
        },
      }),
    [env],
  );
  useMachine(machine, { input: { lastUpdated: storedPushTokenUpdated() ?? 0, now: nowSeconds() }, inspect });
  return null;
}

/**
 * Shell-wide popups and background lifecycles. Memoised: it has no props, and the shell re-renders on every
 * navigation (its links follow the route), which need not render these again.
 */
export const ShellPopups = memo(function ShellPopups() {
  const push = useContext(PushEnvContext);
  return (
    <>
      <PromoPopup />
      <ConsentWatcher />
      {pushPermissionGranted(push) ? <PushTokenRefresher env={push} /> : null}
    </>
  );
});
