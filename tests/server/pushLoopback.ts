import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Loopback push service and a browser-side subscription, shared by the server and e2e push tests. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/** How the service answers a request: a status (and headers), or 'hold' (no answer until released). */
type Answer = number | { status: number; headers?: Record<string, string> } | 'hold';

/**
 * A push service on loopback: records every POST and answers 201, or what
 * `answer` says (its default: /gone/* answers 410 like an expired
 * subscription). `accepted` counts, per path, the 2xx answers actually
 * written to a live connection (what a push service has accepted).
 * `waiting` holds, per path, the messages kept for a device that has not
 * connected (none does here), as RFC 8030 section 5.4 says: an accepted
 * message with the Topic of one still waiting replaces it.
 */
export function startPushService(answer: (path: string, nth: number) => Answer = (p) => (p.startsWith('/gone/') ? 410 : 201)) {
  const received: Received[] = [];
  const accepted = new Map<string, number>();
  const waiting = new Map<string, Received[]>();
  const keep = (r: Received) => {
    const list = waiting.get(r.path) ?? [];
    const topic = r.headers.topic;
    const same = topic === undefined ? -1 : list.findIndex((m) => m.headers.topic === topic);
    if (same >= 0) list[same] = r;
    else list.push(r);
    waiting.set(r.path, list);
  };
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const got = { path, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
      received.push(got);
      const a = answer(path, received.length);
      if (a === 'hold') {
        held.push(res);
        return;
      }
      const { status, headers = {} } = typeof a === 'number' ? { status: a } : a;
      res.writeHead(status, headers);
      res.end(() => {
        if (status >= 200 && status < 300 && !res.destroyed) {
          accepted.set(path, (accepted.get(path) ?? 0) + 1);
          keep(got);
        }
      });
    });
  });
  return {
    received,
    accepted,
    waiting,
    async listen(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    /** Resolves once n requests have arrived; fails after `attempts` polls (100 ms apart) with what did arrive. */
    async waitFor(n: number, attempts = 600): Promise<void> {
      await poll(
        () => received.length >= n,
        attempts,
        () => `${received.length} of ${n} push requests arrived`,
      );
    },
    /** Drops the held requests' connections unanswered (not accepted). */
    dropHeld() {
      for (const r of held.splice(0)) r.socket?.destroy();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const h of held.splice(0)) h.socket?.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Polls `ok` every 100 ms up to `attempts` times; then fails with `what()` (a wait that never ends shows what it waited for). */
export async function poll(ok: () => boolean | Promise<boolean>, attempts: number, what: () => string | Promise<string>): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting after ${attempts} polls: ${await what()}`);
}

const b64u = (b: Buffer) => b.toString('base64url');

/** A browser-side subscription: its own P-256 key pair and auth secret, as PushSubscription.toJSON() gives. */
export function fakeSubscription(endpoint: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const json = JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } });
  return { ecdh, auth, json };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188 (aes128gcm, one record) decryption, as the browser's push service client does it. */
export function decrypt(sub: ReturnType<typeof fakeSubscription>, body: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const uaPublic = sub.ecdh.getPublicKey();
  const secret = sub.ecdh.computeSecret(asPublic);
  const prkKey = hmac(sub.auth, secret);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const d = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([d.update(record.subarray(0, record.length - 16)), d.final()]);
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('bad padding delimiter'); // last-record padding delimiter
  return JSON.parse(plain.subarray(0, end).toString('utf8'));
}
