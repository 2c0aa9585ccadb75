import webpush from 'web-push';
import type { PushMessage } from './messages.js';
import type { VapidKeys } from './vapid.js';

export type SendOutcome = 'sent' | 'expired' | 'invalid' | 'failed';

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A push token is a PushSubscription JSON; anything else (an opaque legacy token) cannot be pushed to. */
function parseSubscription(token: string): Subscription | null {
  try {
    const s = JSON.parse(token) as Partial<Subscription>;
    if (typeof s.endpoint !== 'string' || !/^https?:\/\//.test(s.endpoint)) return null;
    if (typeof s.keys?.p256dh !== 'string' || typeof s.keys.auth !== 'string') return null;
    return { endpoint: s.endpoint, keys: { p256dh: s.keys.p256dh, auth: s.keys.auth } };
  } catch {
    return null;
  }
}

/**
 * Encrypts the message (aes128gcm, RFC 8291) and signs the VAPID header with
 * the web-push library, then delivers it with fetch (which, unlike web-push's
 * own https-only sender, also reaches a plain-HTTP push service on loopback).
 */
export async function sendPush(token: string, msg: PushMessage, keys: VapidKeys, subject: string): Promise<SendOutcome> {
  const sub = parseSubscription(token);
  if (!sub) return 'invalid';
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(sub, JSON.stringify(msg), {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: 86_400,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    });
  } catch {
    return 'invalid';
  }
  try {
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) return 'expired';
    return res.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}
