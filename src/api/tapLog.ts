import { call } from './client';
import { track } from '../analytics';

/**
 * Tap logs (000 §7): fire-and-forget. The documents do not show the method;
 * we send POST with the payload in the query. A failed log is dropped:
 * it must never reach the global error state.
 */
function fire(path: string, query: Record<string, string | number>): void {
  void call(path, { method: 'POST', query }).catch(() => undefined);
}

/** Home (and other) banner click. */
export function logBannerTap(bannerId: number): void {
  track('banner_click', { banner_id: bannerId });
  fire('/banner_tap_log', { banner_id: bannerId });
}

export interface TitleBannerTap {
  bannerId: number;
  titleId: number;
  /** featured_banner (title detail) or insert_banner (viewer). */
  bannerType: 'featured_banner' | 'insert_banner' | (string & {});
  /** title_detail or viewer. */
  location: 'title_detail' | 'viewer' | (string & {});
  type: 'click' | 'impression';
}

export function logTitleBannerTap(t: TitleBannerTap): void {
  track(t.type === 'click' ? 'banner_click' : 'banner_impression', {
    banner_id: t.bannerId,
    title_id: t.titleId,
    banner_type: t.bannerType,
    location: t.location,
  });
  fire('/title_banner_tap_log', {
    banner_id: t.bannerId,
    title_id: t.titleId,
    banner_type: t.bannerType,
    location: t.location,
    type: t.type,
  });
}

export function logPopupTap(popupId: number): void {
  track('popup_click', { popup_id: popupId });
  fire('/popup_tap_log', { popup_id: popupId });
}
