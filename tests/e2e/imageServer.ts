/**
 * A page-image server on loopback for the viewer's page-loading tests: it
 * serves the fixture's encrypted page images (see viewerFixture.ts) and lets
 * the test hold any page's answer, send half of its bytes (so the viewer
 * sees real streamed progress), finish it, or fail it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { KEY, pageImage, xor } from './viewerFixture';

type Held = { res: http.ServerResponse; body: Buffer; sent: number; headers: Record<string, string> };

export interface ImageServer {
  origin: string;
  /** Pages whose answers wait for the test (others are answered at once unless `holdOthers`). */
  hold: Set<number>;
  /** Hold every page not in `hold` too, until released. */
  holdOthers: boolean;
  /** Requests seen, by page index, in order. */
  hits: number[];
  /** Whether page i has a request waiting. */
  waiting(i: number): boolean;
  /** Half of the bytes of page i's waiting answer. */
  half(i: number): void;
  /** Finishes page i's waiting answer. */
  finish(i: number): void;
  /** Fails page i's waiting answer: a 500, or a cut connection once bytes went out. */
  fail(i: number): void;
  /** Answers every waiting page other than i. */
  releaseOthers(i: number): void;
  /** Forwards the context's page-image requests here (same-origin for the page, so its CSP holds). */
  route(ctx: BrowserContext): Promise<void>;
  close(): Promise<void>;
}

export async function startImageServer(pages: string[]): Promise<ImageServer> {
  const cache = new Map<string, Buffer>();
  const held = new Map<number, Held>();
  const srv: ImageServer = {
    origin: '',
    hold: new Set(),
    holdOthers: false,
    hits: [],
    waiting: (i) => held.has(i),
    half(i) {
      const h = held.get(i);
      if (!h || h.sent > 0) return;
      h.sent = Math.floor(h.body.length / 2);
      h.res.writeHead(200, h.headers);
      h.res.write(h.body.subarray(0, h.sent));
    },
    finish(i) {
      const h = held.get(i);
      if (!h) return;
      held.delete(i);
      if (h.sent === 0) h.res.writeHead(200, h.headers);
      h.res.end(h.body.subarray(h.sent));
    },
    fail(i) {
      const h = held.get(i);
      if (!h) return;
      held.delete(i);
      if (h.sent > 0) h.res.destroy();
      else {
        h.res.writeHead(500, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' });
        h.res.end('failed on purpose');
      }
    },
    releaseOthers(i) {
      for (const j of [...held.keys()]) if (j !== i) srv.finish(j);
    },
    async route(ctx) {
      await ctx.route('**/fixture-img/page/**', (r) => {
        const u = new URL(r.request().url());
        return r.continue({ url: srv.origin + u.pathname });
      });
    },
    close: () =>
      new Promise<void>((r) => {
        for (const h of held.values()) h.res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  const server = http.createServer((req, res) => void answer(req, res));
  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const m = /\/fixture-img\/page\/\d+\/(\d+)\/(\w+)\.webp$/.exec(req.url ?? '');
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    const i = Number(m[1]);
    srv.hits.push(i);
    // Listened for before the first await: a fetch aborted while its image is drawn closes the answer
    // then, and a 'close' already past would leave it held (waiting) for good.
    let gone = false;
    res.on('close', () => {
      gone = true;
      if (held.get(i)?.res === res) held.delete(i);
    });
    const k = `${i}/${m[2]}`;
    let body = cache.get(k);
    if (!body) {
      body = xor(await pageImage(i, pages[i] === 'D', m[2]), KEY);
      cache.set(k, body);
    }
    const headers = {
      'access-control-allow-origin': '*',
      'content-type': 'application/octet-stream',
      'content-length': String(body.length),
      'cache-control': 'no-store',
    };
    if (gone) return;
    if (srv.hold.has(i) || srv.holdOthers) {
      held.set(i, { res, body, sent: 0, headers });
      return;
    }
    res.writeHead(200, headers);
    res.end(body);
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  srv.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return srv;
}
