import type { Banner } from '../../core/gen/manga/v1/common_pb';

/**
 * Ad adapter. The documents request ad slots from an ad service (000 §7);
 * offline, the default shows house ads: the server's own banners, which
 * screens register as they load (setHouseAds). A deployment with an ad
 * network installs an adapter that fills the slot element itself.
 */
export interface AdAdapter {
  /** Fill el for slot; return a cleanup. */
  fill(slot: string, el: HTMLElement): () => void;
}

let adapter: AdAdapter | null = null;
let houseAds: Banner[] = [];
const listeners = new Set<() => void>();

export function setAdAdapter(a: AdAdapter | null): void {
  adapter = a;
  for (const l of listeners) l();
}

export function getAdAdapter(): AdAdapter | null {
  return adapter;
}

/** Screens hand over the banners of their view; later calls add new ids. */
export function setHouseAds(banners: readonly Banner[]): void {
  const known = new Set(houseAds.map((b) => b.id));
  const fresh = banners.filter((b) => b.imageUrl && !known.has(b.id));
  if (!fresh.length) return;
  houseAds = [...houseAds, ...fresh];
  for (const l of listeners) l();
}

export function subscribeAds(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function getHouseAds(): readonly Banner[] {
  return houseAds;
}

/** A stable pick per slot name, so a slot keeps its ad across renders. */
export function houseAdFor(slot: string, ads: readonly Banner[] = houseAds): Banner | undefined {
  if (!ads.length) return undefined;
  let h = 0;
  for (const c of slot) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return ads[h % ads.length];
}

export function resetAdsForTest(): void {
  adapter = null;
  houseAds = [];
  listeners.clear();
}
