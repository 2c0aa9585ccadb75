import { call } from '../api/client';
import type { ServiceCode } from '../lib/languages';
import { STORAGE } from '../lib/storageKeys';

/**
 * Web push registration, shared by the push-token refresh machine and the
 * language settings. The token source belongs to the push work (the
 * messaging service's subscription): it installs it with setPushTokenSource.
 * With none installed there is no token and nothing is posted.
 */
export type PushTokenSource = () => Promise<string | null>;

let source: PushTokenSource = async () => null;

export function setPushTokenSource(fn: PushTokenSource): void {
  source = fn;
}

/** The injectable action: the current push token, or null. */
export function getPushToken(): Promise<string | null> {
  return source().catch(() => null);
}

export function pushPermissionGranted(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/** POST /api/web_push_token with the service language; records the time (seconds). */
export async function postPushToken(token: string, lang: ServiceCode): Promise<void> {
  await call('/web_push_token', { method: 'POST', query: { push_token: token, lang } });
  localStorage.setItem(STORAGE.pushTokenUpdated, String(Math.floor(Date.now() / 1000)));
}

/** Re-registers after a service-language change, if notifications are permitted. */
export async function reregisterPushToken(lang: ServiceCode): Promise<void> {
  if (!pushPermissionGranted()) return;
  const token = await getPushToken();
  if (!token) {
    console.warn('push: no registration to update');
    return;
  }
  await postPushToken(token, lang).catch((e: unknown) => console.warn('push: token post failed', e));
}
