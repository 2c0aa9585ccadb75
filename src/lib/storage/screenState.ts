import { STORAGE } from '../../../core/storageKeys';
import { get, json, put, seconds, sessionGet, sessionPut } from './browserStorage';

/**
 * What the shell and the screens remember between visits: popups already shown, the app-install
 * banner, the promo popup, the push token's last post, and per tab the manga list's filter and the
 * scroll positions.
 */

/** Home popups already shown, by popup id. */
export function storedViewedPopups(): number[] {
  const v = json(get(STORAGE.viewedPopups));
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
}

export function saveViewedPopup(id: number): void {
  const all = storedViewedPopups();
  if (!all.includes(id)) put(STORAGE.viewedPopups, JSON.stringify([...all, id]));
}

/** Whether "Don't show again" was ticked on a rating popup. */
export function storedRatingChecked(popupId: number): boolean {
  return get(STORAGE.ratingChecked(popupId)) === 'true';
}

export function saveRatingChecked(popupId: number, checked: boolean): void {
  put(STORAGE.ratingChecked(popupId), checked ? 'true' : null);
}

/** When the app-install banner was dismissed, in seconds; a legacy non-numeric flag counts as long ago (0). */
export function storedBannerDismissed(): number | null {
  const v = get(STORAGE.bannerDismissed);
  if (v === null) return null;
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function saveBannerDismissed(at: number): void {
  put(STORAGE.bannerDismissed, String(at));
}

/** When the regional promo popup was last shown, in seconds. */
export function storedPromoLastShown(): number | null {
  return seconds(STORAGE.promoLastShown);
}

export function savePromoLastShown(at: number): void {
  put(STORAGE.promoLastShown, String(at));
}

/** When the push token was last posted, in seconds. */
export function storedPushTokenUpdated(): number | null {
  return seconds(STORAGE.pushTokenUpdated);
}

export function savePushTokenUpdated(at: number): void {
  put(STORAGE.pushTokenUpdated, String(at));
}

/** The manga list's filter for this tab (session storage; the sort as stored, checked by the list). */
export interface ListSelection {
  tag: string | null;
  label: string | null;
  sort: string | null;
}

export function storedListSelection(): ListSelection {
  return {
    tag: sessionGet(STORAGE.searchTag) || null,
    label: sessionGet(STORAGE.searchLabel) || null,
    sort: sessionGet(STORAGE.searchSort) || null,
  };
}

export function saveListSelection(c: ListSelection): void {
  sessionPut(STORAGE.searchTag, c.tag || null);
  sessionPut(STORAGE.searchLabel, c.label || null);
  sessionPut(STORAGE.searchSort, c.sort || null);
}

/** Scroll positions by history entry (session storage). */
export function storedScrollPositions(): Record<string, [number, number]> {
  const v = json(sessionGet(STORAGE.scrollPositions));
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, [number, number]>) : {};
}

export function saveScrollPositions(all: Record<string, [number, number]>): void {
  sessionPut(STORAGE.scrollPositions, JSON.stringify(all));
}
