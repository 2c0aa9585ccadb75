import { createContext } from 'react';
import { base64ToBytes } from '../../lib/base64';
import { createActor, type SnapshotFrom } from 'xstate';
import { pushSubscriptionMachine } from '../../../machines/pushSubscriptionMachine';
import { call } from '../../api/client';
import { inspect } from '../../../web/inspector';
import type { ServiceCode } from '../../../core/languages';
import { savePushTokenUpdated, storedServiceLang } from '../../lib/storage';

/**
 * Web push registration (000 §4 favorites, 001 §4 push token), shared by the
 * push-token refresh machine, the language settings and the favorite toggle.
 *
 * The push token is a standard Web Push subscription (PushSubscription.toJSON()
 * as a JSON string) made with the server's VAPID public key, through the
 * service worker /sw.js. Browsers without service workers, PushManager or
 * Notification have no token: favoriting still works, without notifications.
 */
const SERVICE_WORKER_URL = '/sw.js';

/**
 * The browser APIs push needs: each function takes them as its last argument
 * (the browser's when undefined). Screens take them from PushEnvContext, as
 * ads take their adapter from AdsContext: the app provides none (the
 * browser's), a test provides stand-ins (a permission prompt, a push service).
 */
export interface PushEnv {
  serviceWorker: ServiceWorkerContainer | undefined;
  Notification: typeof Notification | undefined;
  hasPushManager: boolean;
}

export const PushEnvContext = createContext<PushEnv | undefined>(undefined);

function browserEnv(): PushEnv {
  return {
    serviceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    Notification: typeof Notification !== 'undefined' ? Notification : undefined,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
  };
}

function pushSupported(e: PushEnv): boolean {
  return Boolean(e.serviceWorker && e.Notification && e.hasPushManager);
}

/** The current subscription of /sw.js as a token, without asking anything; null when none. */
async function currentSubscriptionToken(e: PushEnv): Promise<string | null> {
  if (!pushSupported(e) || e.Notification!.permission !== 'granted') return null;
  const reg = await e.serviceWorker!.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  return sub ? JSON.stringify(sub.toJSON()) : null;
}

/** The injectable action: the current push token, or null. */
export function getPushToken(e: PushEnv = browserEnv()): Promise<string | null> {
  return currentSubscriptionToken(e).catch(() => null);
}

export function pushPermissionGranted(e: PushEnv = browserEnv()): boolean {
  const N = e.Notification;
  return N !== undefined && N.permission === 'granted';
}

/** GET /api/web_push_token: the server's VAPID public key (base64url). */
async function fetchApplicationServerKey(): Promise<string> {
  const r = await call('/web_push_token');
  if (r.data.case !== 'pushTokenView' || !r.data.value.applicationServerKey) throw new Error('push: no application server key');
  return r.data.value.applicationServerKey;
}

/** POST /api/web_push_token with the service language; records the time (seconds). */
export async function postPushToken(token: string, lang: ServiceCode): Promise<void> {
  await call('/web_push_token', { method: 'POST', query: { push_token: token, lang } });
  savePushTokenUpdated(Math.floor(Date.now() / 1000));
}

/**
 * Subscribes this browser to release notifications: asks for permission when
 * not yet decided, registers /sw.js, obtains (or reuses) a Web Push
 * subscription with the server's VAPID key, posts it with the service
 * language, and returns the token to send as push_token with PUT bookmark.
 * Null when unsupported, denied or failed; never throws.
 * The lifecycle is pushSubscriptionMachine; this supplies its effects.
 */
export function subscribeToReleases(lang: ServiceCode = storedServiceLang(), e: PushEnv = browserEnv()): Promise<string | null> {
  return runPushSubscription(lang, undefined, e).catch((err: unknown) => {
    console.warn('push: subscription failed', err);
    return null;
  });
}

/** The subscription run, with an observer of every snapshot (tests, the machine explorer). */
export function runPushSubscription(
  lang: ServiceCode,
  onSnapshot?: (s: SnapshotFrom<typeof pushSubscriptionMachine>) => void,
  e: PushEnv = browserEnv(),
): Promise<string | null> {
  const N = e.Notification;
  return new Promise((resolve) => {
    let reg: ServiceWorkerRegistration | undefined;
    const actor = createActor(
      pushSubscriptionMachine.provide({
        actions: {
          requestPermission: ({ self }) => {
            Promise.resolve(N!.requestPermission()).then(
              (p) => self.send({ type: p === 'granted' ? 'permission.granted' : 'permission.denied' }),
              () => self.send({ type: 'permission.denied' }),
            );
          },
          registerWorker: ({ self }) => {
            e.serviceWorker!.register(SERVICE_WORKER_URL, { scope: '/' })
              .then(() => e.serviceWorker!.ready)
              .then(
                (r) => {
                  reg = r;
                  self.send({ type: 'worker.ready' });
                },
                (err: unknown) => {
                  console.warn('push:', err);
                  self.send({ type: 'worker.failed' });
                },
              );
          },
          subscribe: ({ self }) => {
            const pm = reg!.pushManager;
            pm.getSubscription()
              .then(
                async (sub) =>
                  sub ?? pm.subscribe({ userVisibleOnly: true, applicationServerKey: base64ToBytes(await fetchApplicationServerKey()) }),
              )
              .then(
                (sub) => self.send({ type: 'subscription.ready', token: JSON.stringify(sub.toJSON()) }),
                (err: unknown) => {
                  console.warn('push:', err);
                  self.send({ type: 'subscription.failed' });
                },
              );
          },
          postToken: ({ self }, { token }) => {
            postPushToken(token, lang).then(
              () => self.send({ type: 'token.posted' }),
              () => self.send({ type: 'token.failed' }),
            );
          },
          warn: (_, { reason }) => console.warn(`push: ${reason}`),
        },
      }),
      {
        input: { supported: pushSupported(e), permission: N ? N.permission : 'denied' },
        inspect,
      },
    );
    actor.subscribe((s) => {
      onSnapshot?.(s);
      if (s.status === 'done') resolve(s.value === 'subscribed' || s.value === 'unposted' ? s.context.token : null);
    });
    actor.start();
  });
}

/** Re-registers after a service-language change, if notifications are permitted. */
export async function reregisterPushToken(lang: ServiceCode, e: PushEnv = browserEnv()): Promise<void> {
  if (!pushPermissionGranted(e)) return;
  const token = await getPushToken(e);
  if (!token) {
    console.warn('push: no registration to update');
    return;
  }
  await postPushToken(token, lang).catch((e: unknown) => console.warn('push: token post failed', e));
}
