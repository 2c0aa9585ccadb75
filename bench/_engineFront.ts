/**
 * What the browser benches (bench/viewer.ts, bench/viewerFrames.ts) need to
 * run in Firefox and WebKit, where there is no Playwright: the engines come
 * from tests/engines/drivers.ts, and this loopback front stands where
 * Playwright's page.route and addInitScript stand for Chromium:
 *
 *   engine → front (this file) → tests/engines/proxy.ts (the viewer's test
 *   harness, when one is set) → the server (`target`: bench/viewer's pages
 *   without the harness go to the server straight)
 *
 *  - `scripts`: inline scripts put at the top of every HTML document (ahead
 *    of everything the page runs: what addInitScript does), their hashes
 *    added to the document's Content-Security-Policy so it runs them;
 *  - `routes`: documents and files answered from memory (the baseline
 *    pages: what page.route's fulfil does), by a memory origin behind the
 *    front: they pass its hop as the server's answers do;
 *  - everything else passes through unchanged.
 *
 * BENCH_ENGINES (default chromium,firefox,webkit) picks the engines.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { ENGINES, type EngineName } from '../tests/engines/drivers';

export function benchEngines(): EngineName[] {
  const want = (process.env.BENCH_ENGINES ?? ENGINES.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = want.filter((e) => !ENGINES.includes(e as EngineName));
  if (bad.length) throw new Error(`BENCH_ENGINES: unknown engine ${bad.join(', ')} (known: ${ENGINES.join(', ')})`);
  return want as EngineName[];
}

interface Front {
  url: string;
  /** Where what is not answered from memory goes (the harness proxy or the server itself): may change between pages. */
  target: string;
  /** Inline scripts every HTML document gets first, from the next document on. */
  scripts: string[];
  /** Paths (no query) answered from memory. */
  routes: Map<string, { type: string; body: string | Buffer }>;
  close(): Promise<void>;
}

/** The document with `scripts` first in its head, and their hashes allowed by its policy (if it has one). */
function inject(html: string, csp: string | undefined, scripts: string[]): { html: string; csp: string | undefined } {
  if (scripts.length === 0) return { html, csp };
  const tags = scripts.map((s) => `<script>${s}</script>`).join('');
  const head = html.match(/<head[^>]*>/i);
  const out = head ? html.replace(head[0], head[0] + tags) : tags + html;
  const hashes = scripts.map((s) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`).join(' ');
  return { html: out, csp: csp?.replace(/script-src ([^;]*)/, (_, v: string) => `script-src ${v} ${hashes}`) };
}

export async function startFront(target: string): Promise<Front> {
  const sockets = new Set<net.Socket>();
  const front: Front = { url: '', target, scripts: [], routes: new Map(), close: async () => {} };
  // The pages and files answered from memory: by an origin of their own behind this front, so that
  // they pass the front's hop as the server's do (answered by the front itself, the plain page's
  // image reached Firefox 20-30 ms sooner than a file forwarded: a cost of the measuring that our
  // page alone paid, bench/viewer).
  const memory = http.createServer((req, res) => {
    const mem = front.routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!mem) {
      res.writeHead(404).end();
      return;
    }
    const body = /html/.test(mem.type) ? inject(String(mem.body), undefined, front.scripts).html : mem.body;
    res.writeHead(200, { 'content-type': mem.type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
    res.end(body);
  });
  await new Promise<void>((resolve) => memory.listen(0, '127.0.0.1', resolve));
  const memoryUrl = `http://127.0.0.1:${(memory.address() as net.AddressInfo).port}`;
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (front.routes.has(path)) {
      const up = http.request(new URL(req.url ?? '/', memoryUrl), { method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.destroy());
      req.pipe(up);
      return;
    }
    const document = req.method === 'GET' && (req.headers['sec-fetch-dest'] === 'document' || /text\/html/.test(req.headers.accept ?? ''));
    const headers = { ...req.headers };
    if (document) delete headers['accept-encoding'];
    const to = new URL(front.target);
    const up = http.request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers }, (r) => {
      if (!(document && /text\/html/.test(String(r.headers['content-type'] ?? '')) && front.scripts.length)) {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      r.on('data', (b: Buffer) => chunks.push(b));
      r.on('end', () => {
        const policy = r.headers['content-security-policy'];
        const { html, csp } = inject(
          Buffer.concat(chunks).toString('utf8'),
          typeof policy === 'string' ? policy : undefined,
          front.scripts,
        );
        const h = { ...r.headers };
        delete h['content-length'];
        delete h['content-encoding'];
        if (csp) h['content-security-policy'] = csp;
        res.writeHead(r.statusCode ?? 200, { ...h, 'content-length': Buffer.byteLength(html) });
        res.end(html);
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  front.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  front.close = () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      memory.closeAllConnections();
      memory.close();
      server.close(() => resolve());
    });
  return front;
}

/** What each engine can time, asked of the engine on a page of its own (PerformanceObserver.supportedEntryTypes). */
export const ENTRY_TYPES = `(PerformanceObserver.supportedEntryTypes || []).join(',')`;
