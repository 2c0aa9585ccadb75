import { useContext, useEffect, useRef } from 'react';
import { t } from '../i18n';
import { track } from '../analytics';
import { logBannerTap } from '../api/tapLog';
import { ActionLink } from '../ui/ActionLink';
import { AdsContext, houseAdFor } from './index';

/**
 * One ad slot (src/ads/index.ts): with an ad adapter provided it hands the
 * element to it; else it shows a house ad (one of the server's banners) if
 * any are provided, or nothing. minHeight
 * reserves the space so the page does not jump (documents: ad minimum
 * height 400 in the viewer).
 */
export function AdSlot({ slot, minHeight = 250 }: { slot: string; minHeight?: number }) {
  const { adapter, houseAds: ads } = useContext(AdsContext);
  const ref = useRef<HTMLDivElement>(null);
  const house = adapter ? undefined : houseAdFor(slot, ads);

  useEffect(() => {
    if (!adapter || !ref.current) return undefined;
    return adapter.fill(slot, ref.current);
  }, [adapter, slot]);

  useEffect(() => {
    if (house) track('ad_impression', { slot, banner_id: house.id, house: true });
  }, [house, slot]);

  if (!adapter && !house) return null;
  return (
    <aside className="ad-slot" data-slot={slot} style={{ minHeight }} aria-label={t('common.advertisement')}>
      <span className="ad-slot__label">{t('common.advertisement')}</span>
      {adapter ? (
        <div ref={ref} className="ad-slot__frame" />
      ) : (
        <ActionLink
          action={house!.action}
          className="ad-slot__house"
          onFollow={() => {
            track('ad_click', { slot, banner_id: house!.id, house: true });
            logBannerTap(house!.id);
          }}
        >
          <img src={house!.imageUrl} alt="" loading="lazy" width={house!.width || undefined} height={house!.height || undefined} />
        </ActionLink>
      )}
    </aside>
  );
}
