/**
 * Stand-ins for the browser's push APIs, provided to the app through
 * PushEnvContext (src/features/push/push.ts) the way the app provides its effects:
 * a permission prompt drawn in the page (a dialog "Allow notifications?"
 * with Allow and Block, as the browser shows one), a service worker and a
 * push service whose answers wait until a test step gives them.
 */
import type { PushEnv } from '../../src/features/push/push';
import { until } from './until';

interface Held<T> {
  resolve(v: T): void;
  reject(e: unknown): void;
}

export interface PushStandIns {
  env: PushEnv;
  /** The subscription's token as the app posts it. */
  token: string;
  /** Answers the service worker registration (waits until the app asked). */
  worker(ok: boolean): Promise<void>;
  /** Answers the push service's subscribe (waits until the app asked). */
  subscription(ok: boolean): Promise<void>;
  /** Answers getRegistration: this browser's existing subscription, or none (waits until the app asked). */
  registration(existing: boolean): Promise<void>;
  /** Whether the app asked for permission. */
  asked(): boolean;
}

/** The permission prompt's accessible name. */
export const PROMPT = 'Allow notifications?';

let serial = 0;

export function pushStandIns(opts: { supported: boolean; permission: NotificationPermission; holdRegistration?: boolean }): PushStandIns {
  const id = ++serial;
  // On a browser push service's host (the server takes endpoints of known push services only).
  const endpoint = `https://fcm.googleapis.com/fcm/send/stand-in-${id}-${Date.now()}`;
  // Keys shaped as a browser's: a 65-byte P-256 point and a 16-byte secret (the server checks their sizes).
  const key = (n: number, first: number) =>
    Buffer.from(Array.from({ length: n }, (_, i) => (i === 0 ? first : (id * 31 + i) % 256))).toString('base64url');
  const sub = { toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: key(65, 4), auth: key(16, id % 256) } }) };
  let permission = opts.permission;
  let asked = false;
  const held: { worker?: Held<void>; subscribe?: Held<typeof sub>; registration?: Held<boolean> } = {};
  const pushManager = {
    getSubscription: () => Promise.resolve(null),
    subscribe: () => new Promise<typeof sub>((resolve, reject) => (held.subscribe = { resolve, reject })),
  };
  const existing = { pushManager: { ...pushManager, getSubscription: () => Promise.resolve(sub) } };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const serviceWorker = {
    register: () => new Promise<void>((resolve, reject) => (held.worker = { resolve, reject })).then(() => registration),
    get ready() {
      return Promise.resolve(registration);
    },
    getRegistration: () =>
      opts.holdRegistration
        ? new Promise<boolean>((resolve, reject) => (held.registration = { resolve, reject })).then((has) => (has ? existing : undefined))
        : Promise.resolve(undefined),
  } as unknown as ServiceWorkerContainer;
  /** The browser's prompt: a dialog in the page until the visitor answers. */
  const requestPermission = () =>
    new Promise<NotificationPermission>((resolve) => {
      asked = true;
      const box = document.createElement('div');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-label', PROMPT);
      for (const [label, answer] of [
        ['Allow', 'granted'],
        ['Block', 'denied'],
      ] as const) {
        const b = document.createElement('button');
        b.textContent = label;
        b.onclick = () => {
          box.remove();
          permission = answer;
          resolve(answer);
        };
        box.append(b);
      }
      document.body.append(box);
    });
  const N = {
    get permission() {
      return permission;
    },
    requestPermission,
  } as unknown as typeof Notification;
  const answer = async <T>(which: keyof typeof held, ok: boolean, value: T) => {
    await until(() => held[which] !== undefined, `the held ${which} call`);
    const h = held[which] as Held<T>;
    delete held[which];
    if (ok) h.resolve(value);
    else h.reject(new DOMException('refused by the stand-in', 'NotAllowedError'));
  };
  return {
    env: opts.supported
      ? { serviceWorker, Notification: N, hasPushManager: true }
      : { serviceWorker: undefined, Notification: undefined, hasPushManager: false },
    token: JSON.stringify(sub.toJSON()),
    worker: (ok) => answer('worker', ok, undefined),
    subscription: (ok) => answer('subscribe', ok, sub),
    registration: (has) => answer('registration', true, has),
    asked: () => asked,
  };
}
