import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { PushMessage } from './messages.js';
import type { VapidKeys } from './vapid.js';
import { resolveEndpoint, type EndpointPolicy } from './endpoint.js';
import { systemClock, type ServerClock } from '../lib/clock.js';

/**
 * What one send came to:
 * sent — the push service accepted it (2xx);
 * expired — 404/410, the subscription is dead (removed by the caller);
 * invalid — not a Web Push subscription, or the push service refused the message for good (400, 413, a redirect);
 * refused — the endpoint failed the SSRF policy at send time (nothing was sent);
 * unauthorized — 401/403: the VAPID signature was not accepted (keys mismatch); retried per policy;
 * retry — 429, 5xx or a network failure; retried with backoff (retryAfter: the service's Retry-After, s).
 */
export type SendResult =
  | { outcome: 'sent' | 'expired' }
  | { outcome: 'invalid' | 'refused'; why: string }
  | { outcome: 'unauthorized' | 'retry'; status: number; retryAfter?: number };

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push token is a PushSubscription JSON; anything else (an opaque legacy token) cannot be pushed to. */
export function parseSubscription(token: string): Subscription | null {
  try {
    const s = JSON.parse(token) as Partial<Subscription> | null;
    if (typeof s?.endpoint !== 'string') return null;
    if (typeof s.keys?.p256dh !== 'string' || typeof s.keys.auth !== 'string') return null;
    return { endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } };
  } catch {
    return null;
  }
}

/** Retry-After as seconds (a number of seconds or an HTTP date), if given. */
function retryAfter(v: string | undefined, clock: Pick<ServerClock, 'now'>): number | undefined {
  if (!v) return undefined;
  const n = Number(v);
  if (Number.isFinite(n) && n >= 0) return n;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, (at - clock.now()) / 1000) : undefined;
}

/** VAPID Authorization per push service origin and key, reused while its JWT has more than an hour left (signing costs more than encrypting). */
const vapidCache = new Map<string, { header: string; until: number }>();
const VAPID_TTL = 12 * 3600;

function vapidHeader(origin: string, subject: string, keys: VapidKeys, clock: Pick<ServerClock, 'nowSec'>): string {
  const key = `${origin} ${keys.publicKey} ${subject}`;
  const now = clock.nowSec();
  const hit = vapidCache.get(key);
  if (hit && hit.until - now > 3600) return hit.header;
  const exp = now + VAPID_TTL;
  const h = webpush.getVapidHeaders(origin, subject, keys.publicKey, keys.privateKey, 'aes128gcm', exp);
  if (vapidCache.size > 1000) vapidCache.clear();
  vapidCache.set(key, { header: h.Authorization, until: exp });
  return h.Authorization;
}

// Keep-alive connections to the push services; a socket is reused only for the same host.
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/**
 * Encrypts the message (aes128gcm, RFC 8291) and signs the VAPID header
 * (once per push service origin for 12 hours) with the web-push library, checks the endpoint against the policy after
 * resolving it, and POSTs to the checked address only (the lookup is
 * pinned; redirects are never followed: node's http does not follow them).
 * The Topic header lets a push service replace a copy not yet delivered.
 */
export async function sendPush(
  token: string,
  msg: PushMessage,
  keys: VapidKeys,
  subject: string,
  policy: EndpointPolicy,
  timeoutMs = 30_000,
  clock: ServerClock = systemClock,
): Promise<SendResult> {
  const sub = parseSubscription(token);
  if (!sub) return { outcome: 'invalid', why: 'not a Web Push subscription' };
  const pinned = await resolveEndpoint(sub.endpoint, policy);
  if (typeof pinned === 'string') return { outcome: 'refused', why: `endpoint ${pinned}` };
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(sub, JSON.stringify(msg), {
      TTL: 86_400,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
      topic: `chapter${msg.chapterId}`,
    });
  } catch (e) {
    return { outcome: 'invalid', why: e instanceof Error ? e.message : 'cannot encrypt' };
  }
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  };
  const { url } = pinned;
  let authorization: string;
  try {
    authorization = vapidHeader(url.origin, subject, keys, clock);
  } catch (e) {
    return { outcome: 'invalid', why: e instanceof Error ? e.message : 'cannot sign' };
  }
  const lib = url.protocol === 'https:' ? https : http;
  const status = await new Promise<{ code: number; retryAfter?: number } | null>((resolve) => {
    const req = lib.request(
      url,
      {
        method: 'POST',
        headers: { ...(details.headers as Record<string, string>), Authorization: authorization },
        lookup,
        agent: agents[url.protocol as 'http:' | 'https:'],
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        const ra = retryAfter(res.headers['retry-after'], clock);
        res.on('end', () => resolve({ code: res.statusCode ?? 0, ...(ra !== undefined ? { retryAfter: ra } : {}) }));
        res.on('error', () => resolve({ code: res.statusCode ?? 0 }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
    req.end(details.body);
  });
  if (!status) return { outcome: 'retry', status: 0 };
  const { code } = status;
  if (code >= 200 && code < 300) return { outcome: 'sent' };
  if (code === 404 || code === 410) return { outcome: 'expired' };
  if (code === 401 || code === 403) return { outcome: 'unauthorized', status: code };
  if (code === 429 || code >= 500)
    return { outcome: 'retry', status: code, ...(status.retryAfter !== undefined ? { retryAfter: status.retryAfter } : {}) };
  if (code >= 300 && code < 400) return { outcome: 'invalid', why: `redirect (${code}) not followed` };
  return { outcome: 'invalid', why: `push service answered ${code}` };
}
