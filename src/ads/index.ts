import { createContext } from 'react';
import type { Banner } from '../../core/gen/manga/v1/common_pb';

/**
 * Ads (000 §7): the documents request ad slots from an ad service. What
 * fills the slots comes from the ads context, provided at the app's root by
 * a deployment (or a test): an ad network's adapter that fills the slot
 * element itself, or house ads (the server's own banners). With neither (the
 * default) a slot shows nothing.
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
  if (!ads.length) return undefined;
  let h = 0;
  for (const c of slot) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return ads[h % ads.length];
}
