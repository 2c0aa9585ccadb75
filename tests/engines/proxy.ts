/**
 * A loopback proxy in front of the shared e2e server for the cross-engine
 * tests: what Playwright's routing does for the Chromium tests
 * (tests/e2e/viewerHarness.ts), done where every engine's traffic passes, so
 * Firefox and WebKit get it too:
 *
 *  - every HTML document gets the viewer's test harness's script ahead of the
 *    app's entry (its options set per test: `harness`), or none (`null`);
 *  - the browser's requests are counted by path (a page downloaded twice shows);
 *  - `offline`: every new connection is dropped, as with no network (the
 *    WebKit driver has no network emulation; this works in all three).
 *
 * Bodies pass through unchanged but for documents, which are asked for
 * uncompressed so they can be rewritten.
 */
import http from 'node:http';
import type net from 'node:net';
import { harnessSrc, withHarness, type HarnessOptions } from '../e2e/viewerHarness';

export interface HarnessProxy {
  url: string;
  /** The harness every document gets from now on (null: none). */
  harness: HarnessOptions | null;
  readonly offline: boolean;
  /** Offline: new connections dropped, and those kept alive closed. */
  setOffline(on: boolean): void;
  /** Requests seen for each path since the last reset. */
  counts: Map<string, number>;
  close(): Promise<void>;
}

export async function startProxy(target: string, harness: HarnessOptions | null = { clocks: 'real' }): Promise<HarnessProxy> {
  const to = new URL(target);
  const sockets = new Set<net.Socket>();
  let offline = false;
  const proxy: HarnessProxy = {
    url: '',
    harness,
    get offline() {
      return offline;
    },
    setOffline(on) {
      offline = on;
      if (on) for (const s of sockets) s.destroy();
    },
    counts: new Map(),
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    // (The browser's requests: the test's own, Node's fetch of a page to compare with, are not counted.)
    if (req.headers['user-agent'] !== 'node') proxy.counts.set(path, (proxy.counts.get(path) ?? 0) + 1);
    const document = req.method === 'GET' && (req.headers['sec-fetch-dest'] === 'document' || /text\/html/.test(req.headers.accept ?? ''));
    const headers = { ...req.headers };
    if (document) delete headers['accept-encoding'];
    const up = http.request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers }, (r) => {
      const html = document && /text\/html/.test(String(r.headers['content-type'] ?? '')) && proxy.harness;
      if (!html) {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      r.on('data', (b: Buffer) => chunks.push(b));
      r.on('end', () => {
        const body = withHarness(Buffer.concat(chunks).toString('utf8'), harnessSrc(proxy.harness!));
        const h = { ...r.headers };
        delete h['content-length'];
        delete h['content-encoding'];
        res.writeHead(r.statusCode ?? 200, { ...h, 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('connection', (s) => {
    if (offline) {
      s.destroy();
      return;
    }
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
