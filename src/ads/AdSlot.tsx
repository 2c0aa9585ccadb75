import { useContext, useEffect, useRef } from 'react';
import { t } from '../i18n';
import { HouseAd } from './HouseAd';
import { AdsContext, houseAdFor } from './index';
import './ads.css';

/**
 * One ad slot (src/ads/index.ts): with an ad network's adapter provided it
 * hands the element to it; else it shows a house ad (a catalog banner the
 * screen provides, or the app promotion). minHeight reserves the space so
 * the page does not jump (documents: ad minimum height 400 in the viewer);
 * `fill` makes the slot take its whole box (the viewer's ad page).
 */
export function AdSlot({ slot, minHeight = 250, fill = false }: { slot: string; minHeight?: number; fill?: boolean }) {
  const { adapter, houseAds } = useContext(AdsContext);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!adapter || !ref.current) return undefined;
    return adapter.fill(slot, ref.current);
  }, [adapter, slot]);

  return (
    <aside
      className={`ad-slot ${fill ? 'ad-slot--fill' : ''}`}
      data-slot={slot}
      data-testid="ad-slot"
      style={{ minHeight }}
      aria-label={t('common.advertisement')}
    >
      <span className="ad-slot__label">{t('common.advertisement')}</span>
      {adapter ? <div ref={ref} className="ad-slot__frame" /> : <HouseAd slot={slot} banner={houseAdFor(slot, houseAds)} />}
    </aside>
  );
}
