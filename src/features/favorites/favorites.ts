import { call } from '../../api/client';
import { errorPopupBody } from '../../api/loadErrors';
import { getPushToken, subscribeToReleases, type PushEnv } from '../push/push';
import { storedServiceLang } from '../../lib/storage';

/**
 * Favorites (bookmarks) shared by title detail, the viewer's last page and
 * /favorited (which asks for its list each time it is opened).
 */

/**
 * PUT /title_list/bookmark, with the push token and service language when a
 * token exists (000 §7): one this browser already has, found without asking
 * anything, so the favorite never waits on a permission prompt.
 */
export async function subscribeTitle(titleId: number, push?: PushEnv): Promise<void> {
  const token = await getPushToken(push);
  await call('/title_list/bookmark', {
    method: 'PUT',
    query: { title_id: titleId, ...(token ? { push_token: token, lang: storedServiceLang() } : {}) },
  });
}

/**
 * After a favorite is saved: where the browser supports push, asks for
 * release notifications (a Web Push subscription, posted with the service
 * language to POST /web_push_token, which keeps it for this visitor's
 * favorites). Runs on its own; unsupported, refused or failed ends quietly.
 * `push`: the push APIs (PushEnvContext; the browser's when undefined).
 */
export function offerReleaseNotifications(push?: PushEnv): void {
  void subscribeToReleases(undefined, push);
}

/**
 * The reader's latest saved choice per title in this visit. Answers loaded
 * before it (the viewer's last-page object, kept with the chapter and read
 * again each time the end page comes back on screen, or a prefetched next
 * chapter's) are stale for that title: `favoriteChoice` corrects them. The
 * favorites list (/favorited) asks the server each time it is opened.
 */
const saved = new Map<number, boolean>();

/** A favorite toggle saved `subscribed` for this title (favoriteToggleMachine's markFavoritesStale). */
export function markFavoritesStale(titleId: number, subscribed: boolean): void {
  saved.set(titleId, subscribed);
}

/** Whether the title is a favorite: the reader's latest saved choice, else what the page loaded. */
export function favoriteChoice(titleId: number, loaded: boolean): boolean {
  return saved.get(titleId) ?? loaded;
}

export async function unsubscribeTitle(titleId: number): Promise<void> {
  await call('/title_list/bookmark', { method: 'DELETE', query: { title_id: titleId } });
}

/** What to tell the reader about a failed call: the server's popup body in the service language, else a generic line. */
export function failureText(err: unknown, fallback: string): string {
  return errorPopupBody(err, storedServiceLang()) ?? fallback;
}
