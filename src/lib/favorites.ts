import { call } from '../api/client';
import { getPushToken, subscribeToReleases } from './push';
import { storedServiceLang } from './storage';

/**
 * Favorites (bookmarks) shared by title detail, the viewer's last page and
 * /favorited. A change marks the favorites list stale (000 §4): the list
 * screen reads the version and refetches when it moved.
 */
let version = 0;
const listeners = new Set<() => void>();

export function markFavoritesStale(): void {
  version++;
  for (const l of listeners) l();
}

export function favoritesVersion(): number {
  return version;
}

export function onFavoritesStale(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * PUT /title_list/bookmark, with the push token and service language when a
 * token exists (000 §7). Where the browser supports push, favoriting is what
 * asks for release notifications (a Web Push subscription; null when
 * unsupported or refused, and the favorite goes ahead without it).
 */
export async function subscribeTitle(titleId: number): Promise<void> {
  const token = (await subscribeToReleases()) ?? (await getPushToken());
  await call('/title_list/bookmark', {
    method: 'PUT',
    query: { title_id: titleId, ...(token ? { push_token: token, lang: storedServiceLang() } : {}) },
  });
}

export async function unsubscribeTitle(titleId: number): Promise<void> {
  await call('/title_list/bookmark', { method: 'DELETE', query: { title_id: titleId } });
}

/** What to tell the reader about a failed call: the server's popup body in the service language, else a generic line. */
export function failureText(err: unknown, fallback: string): string {
  const e = (err as { error?: { englishPopup?: { body: string }; spanishPopup?: { body: string } } }).error;
  const popup = storedServiceLang() === 'esp' ? e?.spanishPopup : e?.englishPopup;
  return popup?.body || fallback;
}
