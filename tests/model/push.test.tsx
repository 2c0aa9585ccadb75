import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import type { InspectionEvent } from 'xstate';
import { pushSubscriptionMachine, type PushSubscriptionInput } from '../../machines/pushSubscriptionMachine';
import { PUSH_REFRESH_SECONDS, pushTokenMachine, type PushTokenInput } from '../../machines/pushTokenMachine';
import { PushTokenRefresher } from '../../src/app/ShellPopups';
import { runPushSubscription, subscribeToReleases, type PushEnv } from '../../src/features/push/push';
import { addInspectionListener } from '../../web/inspector';
import { STORAGE } from '../../core/storageKeys';
import { useRealApi } from './realApi';

/**
 * The push lifecycles executed against the real effects of src/features/push/push.ts
 * (and the real PushTokenRefresher component), with the real server behind
 * fetch, and fake browser push APIs shaped by each generated path: what the
 * path's events say the browser does (grant, deny, fail to register…), the
 * fakes do; the test then checks the states the real code went through, the
 * value it returned and what reached the server. (Their UI coverage comes
 * from pushPrompt.test.tsx, through the end page and the shell.)
 */

interface Fakes {
  supported: boolean;
  permission: NotificationPermission;
  ask?: NotificationPermission;
  workerFails?: boolean;
  /** An existing subscription (token refresh). */
  existing?: boolean;
  subscribeFails?: boolean;
  /** A token over the server's 4096-character limit: the real server refuses the post. */
  oversized?: boolean;
}

let serial = 0;
function fakeEnv(f: Fakes) {
  const log: string[] = [];
  // On a known push service's host, keys of a browser's sizes (the server checks both).
  const endpoint = `https://fcm.googleapis.com/fcm/send/effects-${++serial}-${Date.now()}${f.oversized ? 'x'.repeat(5000) : ''}`;
  const key = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (serial * 7 + i) % 256)).toString('base64url');
  const sub = { toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: key(65), auth: key(16) } }) };
  const pushManager = {
    getSubscription: () => Promise.resolve(f.existing ? sub : null),
    subscribe: (o: PushSubscriptionOptionsInit) => {
      log.push(
        `subscribe userVisibleOnly=${String(o.userVisibleOnly)} key=${Buffer.from(o.applicationServerKey as Uint8Array).toString('base64url')}`,
      );
      if (f.subscribeFails) return Promise.reject(new DOMException('denied by the push service', 'NotAllowedError'));
      return Promise.resolve(sub);
    },
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const serviceWorker = {
    register: (url: string, o: RegistrationOptions) => {
      log.push(`register ${url} scope=${String(o.scope)}`);
      if (f.workerFails) return Promise.reject(new TypeError('script failed to load'));
      return Promise.resolve(registration);
    },
    get ready() {
      return Promise.resolve(registration);
    },
    getRegistration: () => Promise.resolve(f.existing ? registration : undefined),
  } as unknown as ServiceWorkerContainer;
  const N = {
    permission: f.permission,
    requestPermission: () => {
      log.push('requestPermission');
      return Promise.resolve(f.ask ?? 'default');
    },
  } as unknown as typeof Notification;
  const env: PushEnv = f.supported
    ? { serviceWorker, Notification: N, hasPushManager: true }
    : { serviceWorker: undefined, Notification: undefined, hasPushManager: false };
  return { env, log, token: JSON.stringify(sub.toJSON()) };
}

/** State values of the actors of one machine, as the app's inspector sees them. */
function watchStates(machineId: string) {
  const seen: unknown[] = [];
  const stop = addInspectionListener((e: InspectionEvent) => {
    if (e.type !== '@xstate.snapshot') return;
    const logic = (e.actorRef as { logic?: { id?: string } }).logic;
    if (logic?.id !== machineId) return;
    const v = (e.snapshot as unknown as { value: unknown }).value;
    if (seen.at(-1) !== v) seen.push(v);
  });
  return { seen, stop };
}

type Path = { steps: Array<{ state: { value: unknown }; event: { type: string } }> };
const valuesOf = (p: Path) => p.steps.map((s) => s.state.value).filter((v, i, a) => i === 0 || a[i - 1] !== v);
const has = (p: Path, type: string) => p.steps.some((s) => s.event.type === type);

describe('push lifecycles against the real push effects and the real server', () => {
  const api = useRealApi();
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    warn.mockRestore();
  });

  const storedToken = async (token: string) =>
    api.db.selectFrom('push_tokens').select(['token', 'lang']).where('token', '=', token).executeTakeFirst();

  it('pushSubscription: every path through subscribeToReleases', async () => {
    const inputs: PushSubscriptionInput[] = [
      { supported: false, permission: 'default' },
      { supported: true, permission: 'denied' },
      { supported: true, permission: 'granted' },
      { supported: true, permission: 'default' },
    ];
    const serverKey = api.app.push.publicKey;
    const paths = inputs.flatMap((input) => {
      const m = createTestModel(pushSubscriptionMachine, { input });
      return [...m.getShortestPaths(), ...m.getSimplePaths()].map((p) => ({ input, path: p }));
    });
    const executed: Path[] = [];
    for (const { input, path } of paths) {
      const fakes = fakeEnv({
        supported: input.supported,
        permission: input.permission,
        ask: has(path, 'permission.granted') ? 'granted' : 'denied',
        workerFails: has(path, 'worker.failed'),
        subscribeFails: has(path, 'subscription.failed'),
        oversized: has(path, 'token.failed'),
      });
      localStorage.removeItem(STORAGE.pushTokenUpdated);
      const w = watchStates('pushSubscription');
      const states: unknown[] = [];
      const result = await runPushSubscription(
        'esp',
        (s) => {
          if (states.at(-1) !== s.value) states.push(s.value);
        },
        fakes.env,
      );
      w.stop();
      const expected = valuesOf(path);
      const end = expected.at(-1);
      // The real run went through the path's states (it runs to a final state; the path may stop earlier).
      expect(states.slice(0, expected.length)).toEqual(expected);
      expect(w.seen.slice(0, expected.length)).toEqual(expected);
      if (!['subscribed', 'unposted', 'unsupported', 'denied', 'failed'].includes(String(end))) continue;
      expect(states.at(-1)).toBe(end);
      // What the visitor's browser and the server saw.
      expect(fakes.log.includes('requestPermission')).toBe(input.supported && input.permission === 'default');
      const subscribed = end === 'subscribed' || end === 'unposted';
      expect(result).toBe(subscribed ? fakes.token : null);
      if (has(path, 'worker.ready')) {
        expect(fakes.log).toContain('register /sw.js scope=/');
        expect(fakes.log).toContain(`subscribe userVisibleOnly=true key=${serverKey}`);
      }
      const row = await storedToken(fakes.token);
      expect(row ? row.lang : null).toBe(end === 'subscribed' ? 'esp' : null);
      expect(localStorage.getItem(STORAGE.pushTokenUpdated) !== null).toBe(end === 'subscribed');
      executed.push(path);
    }
    // Every final state, through each way of getting there.
    expect(new Set(executed.map((p) => valuesOf(p).at(-1)))).toEqual(
      new Set(['subscribed', 'unposted', 'unsupported', 'denied', 'failed']),
    );
  });

  it('a browser without push support: subscribeToReleases gives null, never throws, and the favorite is made', async () => {
    const none: PushEnv = { serviceWorker: undefined, Notification: undefined, hasPushManager: false };
    await expect(subscribeToReleases('eng', none)).resolves.toBeNull();
    // Permission denied: null without asking again.
    const denied = fakeEnv({ supported: true, permission: 'denied' });
    await expect(subscribeToReleases('eng', denied.env)).resolves.toBeNull();
    expect(denied.log).toEqual([]);
    // The real API still favorites without a token.
    const { subscribeTitle } = await import('../../src/features/favorites/favorites');
    const titleId = api.catalog.titles[0].id;
    // (jsdom's browser has no service worker: the browser's own push APIs are unsupported.)
    await subscribeTitle(titleId);
    const { sessionToken } = await import('../../src/api/client');
    const fav = await api.db.selectFrom('bookmarks').select('title_id').where('visitor_token', '=', sessionToken()).execute();
    expect(fav.map((r) => r.title_id)).toContain(titleId);
  });

  it('pushToken: the weekly refresh in the rendered PushTokenRefresher', async () => {
    const now = Math.floor(Date.now() / 1000);
    const inputs: Array<PushTokenInput & { stored: string | null }> = [
      { lastUpdated: 0, now, stored: null },
      { lastUpdated: now - PUSH_REFRESH_SECONDS - 100, now, stored: String(now - PUSH_REFRESH_SECONDS - 100) },
      { lastUpdated: now - 60, now, stored: String(now - 60) },
    ];
    const paths = inputs.flatMap(({ stored, ...input }) =>
      ((m) => [...m.getShortestPaths(), ...m.getSimplePaths()])(createTestModel(pushTokenMachine, { input })).map((p) => ({
        stored,
        path: p,
      })),
    );
    const executed: Path[] = [];
    for (const { stored, path } of paths) {
      const expected = valuesOf(path);
      const end = expected.at(-1);
      // Only the complete paths can be executed as a whole by the real component.
      if (!['fresh', 'done', 'failed'].includes(String(end))) continue;
      const fakes = fakeEnv({
        supported: true,
        permission: 'granted',
        existing: has(path, 'token.received'),
        oversized: has(path, 'token.failed'),
      });
      localStorage.setItem(STORAGE.serviceLang, 'fra');
      if (stored === null) localStorage.removeItem(STORAGE.pushTokenUpdated);
      else localStorage.setItem(STORAGE.pushTokenUpdated, stored);
      warn.mockClear();
      const w = watchStates('pushToken');
      const view = render(<PushTokenRefresher env={fakes.env} />);
      await waitFor(() => expect(w.seen.at(-1)).toBe(end));
      w.stop();
      view.unmount();
      expect(w.seen).toEqual(expected);
      const row = await storedToken(fakes.token);
      if (end === 'done') {
        expect(row?.lang).toBe('fra');
        expect(Number(localStorage.getItem(STORAGE.pushTokenUpdated))).toBeGreaterThanOrEqual(now);
      } else {
        expect(row).toBeUndefined();
        expect(localStorage.getItem(STORAGE.pushTokenUpdated)).toBe(stored);
      }
      if (end === 'failed') {
        expect(warn).toHaveBeenCalledWith(has(path, 'token.unavailable') ? 'push: no push registration' : 'push: token post failed');
      }
      executed.push(path);
    }
    // Each way the refresh ends.
    expect(new Set(executed.map((p) => valuesOf(p).at(-1)))).toEqual(new Set(['fresh', 'done', 'failed']));
  });
});
