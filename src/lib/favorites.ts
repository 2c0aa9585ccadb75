import { call } from '../api/client';
import { errorPopupBody } from '../api/loadErrors';
import { getPushToken, subscribeToReleases } from './push';
import { storedServiceLang } from './storage';

/**
 * Favorites (bookmarks) shared by title detail, the viewer's last page and
 * /favorited (which asks for its list each time it is opened).
 */

/**
 * PUT /title_list/bookmark, with the push token and service language when a
 * token exists (000 §7): one this browser already has, found without asking
 * anything, so the favorite never waits on a permission prompt.
 */
export async function subscribeTitle(titleId: number): Promise<void> {
  const token = await getPushToken();
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
 */
export function offerReleaseNotifications(): void {
  void subscribeToReleases();
}

export async function unsubscribeTitle(titleId: number): Promise<void> {
  await call('/title_list/bookmark', { method: 'DELETE', query: { title_id: titleId } });
}

/** What to tell the reader about a failed call: the server's popup body in the service language, else a generic line. */
export function failureText(err: unknown, fallback: string): string {
  return errorPopupBody(err, storedServiceLang()) ?? fallback;
}
