import { useMachine } from '@xstate/react';
import { appInstallBannerMachine } from '../../machines/appInstallBannerMachine';
import { t } from '../i18n';
import { inspect } from '../../web/inspector';
import { saveBannerDismissed, storedBannerDismissed } from '../lib/storage';
import { SITE } from '../lib/siteLinks';
import { track } from '../analytics';
import { CloseIcon } from '../../web/CloseIcon';
import './AppInstallBanner.css';

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function storeLink(ua: string = navigator.userAgent): string {
  return /iPhone|iPad|iPod|Macintosh/.test(ua) ? SITE.appStore : SITE.playStore;
}

/**
 * The app-install banner (free app; hidden 60 days once dismissed).
 * `requireNeverDismissed` is for /favorited, where it shows only if it was
 * never dismissed; `enabled` lets a screen add its own condition.
 */
export function AppInstallBanner({
  enabled = true,
  requireNeverDismissed = false,
}: { enabled?: boolean; requireNeverDismissed?: boolean } = {}) {
  const [state, send] = useMachine(
    appInstallBannerMachine.provide({
      actions: {
        saveDismissed: () => saveBannerDismissed(nowSeconds()),
        trackInstall: () => track('app_install_click', { location: window.location.pathname }),
      },
    }),
    { input: { dismissedAt: storedBannerDismissed(), now: nowSeconds(), requireNeverDismissed }, inspect },
  );
  if (!enabled || !state.matches('visible')) return null;
  return (
    <aside className="app-banner" aria-label={t('common.appBannerLabel')}>
      <img className="app-banner__icon" src="/app-icon.svg" alt="" width={48} height={48} />
      <div className="app-banner__text">
        <strong>{t('common.appBannerTitle')}</strong>
        <span>{t('common.appBannerBody')}</span>
        <span className="app-banner__price">{t('common.priceFree')}</span>
      </div>
      <a
        className="button button--primary app-banner__install"
        href={storeLink()}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => send({ type: 'banner.install' })}
      >
        {t('common.install')}
      </a>
      <button
        type="button"
        className="icon-button app-banner__close"
        aria-label={t('common.close')}
        onClick={() => send({ type: 'banner.dismiss' })}
      >
        <CloseIcon />
      </button>
    </aside>
  );
}
