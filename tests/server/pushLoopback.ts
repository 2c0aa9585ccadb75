import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Loopback push service and a browser-side subscription, shared by the server and e2e push tests. */
/** A push service on loopback: records every POST; /gone/* answers 410 like an expired subscription. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
export function startPushService() {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
      for (const w of waiters.splice(0)) w();
    });
  });
  return {
    received,
    async listen(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    /** Resolves once n requests have arrived. */
    async waitFor(n: number): Promise<void> {
      while (received.length < n) await new Promise<void>((r) => waiters.push(r));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
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
