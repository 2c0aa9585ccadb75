import { createContext } from 'react';
import type { Banner } from '../../core/gen/manga/v1/common_pb';

/**
 * Ads (000 §7): the documents request ad slots from an ad service. What
 * fills a slot (src/ads/AdSlot.tsx) comes from the ads context: a
 * deployment with an ad network provides its adapter, which fills the slot
 * element itself. Without one (the default, so `npm start` shows ads) the
 * slot shows a house ad (src/ads/HouseAd.tsx): one of the catalog banners a
 * screen provides as houseAds (the viewer: its chapter's last-page banners),
 * else the promotion of the companion app.
 */
interface AdAdapter {
  /** Fill el for slot; return a cleanup. */
  fill(slot: string, el: HTMLElement): () => void;
}

export interface Ads {
  adapter: AdAdapter | null;
  houseAds: readonly Banner[];
}

export const AdsContext = createContext<Ads>({ adapter: null, houseAds: [] });

/** A stable pick per slot name, so a slot keeps its ad across renders. */
export function houseAdFor(slot: string, ads: readonly Banner[]): Banner | undefined {
  const usable = ads.filter((b) => b.imageUrl);
  if (!usable.length) return undefined;
  let h = 0;
  for (const c of slot) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return usable[h % usable.length];
}
