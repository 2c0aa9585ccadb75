import { useEffect, useSyncExternalStore } from 'react';
import type { Banner } from '../../core/gen/manga/v1/common_pb';
import { track } from '../analytics';
import { logBannerTap } from '../api/tapLog';
import { t } from '../i18n';
import { ActionLink } from '../ui/ActionLink';
import { storeLink } from '../ui/AppInstallBanner';
import { SITE } from '../lib/siteLinks';

/**
 * The house ad of a slot with no ad network (src/ads/index.ts): a catalog
 * banner when the screen provides one (its tap goes to the banner tap log,
 * /api/banner_tap_log, and analytics), followed by the promotion of the
 * companion app (free, with a store link), which alone fills the slot when
 * there is no banner. Impressions and clicks go to analytics.
 */
/** The device's store does not change while the page is open. */
const noChanges = () => () => {};

export function HouseAd({ slot, banner }: { slot: string; banner: Banner | undefined }) {
  const bannerId = banner?.id ?? 0;
  // The store for this device is known in the browser only (the home is also rendered on the server, and hydrated with its link).
  const store = useSyncExternalStore(noChanges, storeLink, () => SITE.playStore);
  useEffect(() => {
    track('ad_impression', { slot, banner_id: bannerId, house: true });
  }, [slot, bannerId]);

  return (
    <div className={`house-ad ${banner ? 'house-ad--banner' : ''}`} data-testid="house-ad">
      {banner && (
        <ActionLink
          action={banner.action}
          className="house-ad__banner"
          onFollow={() => {
            track('ad_click', { slot, banner_id: banner.id, house: true });
            logBannerTap(banner.id);
          }}
        >
          <img
            src={banner.imageUrl}
            alt={t('common.banner')}
            width={banner.width || undefined}
            height={banner.height || undefined}
            draggable={false}
          />
        </ActionLink>
      )}
      <div className="house-ad__app">
        <img className="house-ad__icon" src="/app-icon.svg" alt="" width={56} height={56} draggable={false} />
        <div className="house-ad__text">
          <strong className="house-ad__title">{t('common.appBannerTitle')}</strong>
          <span className="house-ad__body">{t('common.appBannerBody')}</span>
          <span className="house-ad__price">{t('common.priceFree')}</span>
        </div>
        <a
          className="house-ad__install"
          href={store}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => track('app_install_click', { location: `ad_${slot}` })}
          data-testid="house-ad-install"
        >
          {t('common.install')}
        </a>
      </div>
    </div>
  );
}
