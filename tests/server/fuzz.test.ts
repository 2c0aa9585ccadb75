import fs from 'node:fs';
import type net from 'node:net';
import path from 'node:path';
import { fromBinary } from '@bufbuild/protobuf';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseSchema } from '../../core/gen/manga/v1/response_pb.js';
import { BACKENDS, setup, type TestApp } from './helpers.js';
import { expectSecurityHeaders, rawRequest } from './rawHttp.js';
import { imageName, slowBody, stalled } from './fuzzCases.js';
import { PARAMS, VALUES, METHODS, TOKENS, TYPES, BODIES } from './fuzzInputs.js';

/**
 * A bounded, seeded fuzz of every route: generated malformed
 * requests (methods, mangled paths, parameters of every kind and none,
 * hostile headers and bodies) through app.inject, and requests Node's HTTP
 * parser sees first over real sockets. Every answer: no 5xx, the security
 * headers, and under /api the error envelope (or a success) that decodes
 * (JSON with format=json); the server still answers afterwards. The routes
 * are read from server/routes/, so a new route is fuzzed too. Issue 28
 * added image names (one spelling per image, nothing stored for others),
 * bodies that stop arriving (cut off like a slow head, counted), and
 * CONNECT and other methods on every path.
 */

const INJECTED = 2500;
const RAW = 300;

/** mulberry32: a small seeded generator, the same requests on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  return { next, int, pick };
}

/** Every route module's URL (server/routes/<path>/index.ts), and some image paths. */
function routes(): string[] {
  const root = path.resolve(import.meta.dirname, '../../server/routes');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else if (e.name === 'index.ts') out.push(`/${path.relative(root, dir).split(path.sep).join('/')}`);
    }
  };
  walk(root);
  return [
    ...out,
    '/console/enrol/abc',
    '/console/api/nowhere',
    '/img/page/1007/1.webp',
    '/img/title/101/portrait.webp',
    '/',
    '/updates',
    '/viewer/1007',
    '/titles/101',
    '/nowhere',
  ];
}

/**
 * The console API's registered routes, their parameters filled
 * with generated values, so a new console route is fuzzed too.
 */
function consolePaths(app: TestApp['app'], r: ReturnType<typeof rng>): string[] {
  return [...new Set(app.consoleRoutes.map((route) => route.url))].map((url) =>
    url.replace(/:\w+/g, () => encodeURIComponent(value(r))).replace(/\*$/, 'x'),
  );
}

/** Whether a URL is under /console/api/ once its dot segments are resolved (/console/api/.. is /console). */
function underConsoleApi(url: string): boolean {
  try {
    return new URL(url, 'http://x').pathname.startsWith('/console/api/');
  } catch {
    return url.startsWith('/console/api/');
  }
}

/** Console credentials and CSRF headers, valid in form and never in fact. */
function consoleHeaders(r: ReturnType<typeof rng>, headers: Record<string, string>): void {
  if (r.int(2)) headers['x-console-request'] = r.pick(['1', '0', '']);
  if (r.int(3) === 0)
    headers.cookie = r.pick([
      'console_session=',
      'console_session=AAAA',
      `console_session=${'a'.repeat(43)}`,
      'console_session=%zz;console_session=x',
    ]);
  if (r.int(4) === 0) headers.authorization = r.pick(['Bearer ', 'Bearer mct_x', 'Basic eDp5', `Bearer mct_${'b'.repeat(43)}`]);
  if (r.int(4) === 0) headers['sec-fetch-site'] = r.pick(['cross-site', 'same-origin', 'none', 'x']);
}

/** A value, usually from VALUES, sometimes mangled. */
function value(r: ReturnType<typeof rng>): string {
  const v = r.pick(VALUES);
  return r.int(4) === 0 ? encodeURIComponent(v) : v;
}

/** One generated request. */
function request(r: ReturnType<typeof rng>, paths: string[]): InjectOptions & { url: string } {
  let url = r.pick(paths);
  const mangle = r.int(8);
  if (mangle === 0) url += r.pick(['%', '%zz', '/..', '//', '/%2e%2e/', ';x', '/x', '%00', '\u00e9', '?&&=', '#frag']);
  if (mangle === 1) url = url.toUpperCase();
  const query: string[] = [];
  for (let i = r.int(5); i > 0; i--) {
    const name = r.int(6) === 0 ? r.pick(['', '[]', 'a[b]', '__proto__', '%']) : r.pick(PARAMS);
    query.push(`${name}=${value(r)}`);
  }
  if (query.length) url += `${url.includes('?') ? '&' : '?'}${query.join('&')}`;
  const headers: Record<string, string> = {};
  if (r.int(2)) headers['session-token'] = r.pick(TOKENS());
  if (r.int(3) === 0) headers['x-forwarded-for'] = r.pick(['1.2.3.4', 'junk', '::1', '1.2.3.4, 5.6.7.8', '']);
  if (r.int(4) === 0) headers['accept-language'] = r.pick(['fr', '*', 'x'.repeat(300), ';q=x']);
  if (r.int(6) === 0) headers.cookie = r.pick(['mr_sid=feedfacefeedfacefeedfacefeedface', 'mr_lang=%zz', 'mr_clang=[', '=;;=']);
  if (url.startsWith('/console')) consoleHeaders(r, headers);
  const method = r.pick(METHODS);
  const opts: InjectOptions & { url: string } = { method, url, headers };
  if (method !== 'GET' && method !== 'HEAD' && r.int(2)) {
    headers['content-type'] = r.pick(TYPES);
    opts.payload = r.pick(BODIES);
  }
  return opts;
}

describe.each(BACKENDS)('fuzz on %s', (backend) => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await setup(backend, `fuzz_${backend}`, { trustProxy: true, requestTimeoutMs: 1500 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it(`${INJECTED} generated malformed requests over every route: no 5xx, headers on all, the envelope under /api`, async () => {
    const r = rng(20260124);
    const paths = [...routes(), ...consolePaths(t.app, r)];
    const statuses = new Map<number, number>();
    let envelopes = 0;
    let consoleProblems = 0;
    for (let i = 0; i < INJECTED; i++) {
      const req = request(r, paths);
      const res = await t.app.inject(req);
      const what = `${req.method} ${req.url.slice(0, 200)}`;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      expect(res.statusCode, what).toBeLessThan(500);
      expectSecurityHeaders(res.headers);
      if (underConsoleApi(req.url) && req.method !== 'HEAD' && res.statusCode >= 400) {
        // Every console API failure is a problem document with its code.
        expect(String(res.headers['content-type']), what).toMatch(/^application\/problem\+json/);
        expect((JSON.parse(res.body) as { code?: string }).code, what).toBeTruthy();
        consoleProblems++;
      }
      if (!req.url.startsWith('/api/') || req.method === 'HEAD') continue;
      const type = String(res.headers['content-type']);
      if (type.startsWith('application/json')) {
        const j = JSON.parse(res.body) as { success?: unknown; error?: unknown };
        expect(j.success ?? j.error, what).toBeTruthy();
        if (res.statusCode >= 400) expect(j.error, what).toBeTruthy();
      } else {
        expect(type, what).toContain('application/x-protobuf');
        const decoded = fromBinary(ResponseSchema, new Uint8Array(res.rawPayload));
        if (res.statusCode >= 400) expect(decoded.result.case, what).toBe('error');
      }
      if (res.statusCode >= 400) envelopes++;
    }
    console.log(
      `fuzz (${backend}): ${INJECTED} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}, ${envelopes} error envelopes under /api, ${consoleProblems} problem documents under /console/api`,
    );
  });

  it(`${RAW} requests Node's HTTP parser sees first, over real sockets: answered in our form, and the server lives on`, async () => {
    const r = rng(424242);
    const paths = routes();
    const statuses = new Map<number, number>();
    // Any byte but CR and LF (the request's head stays one request, always ended).
    const junk = () =>
      String.fromCharCode(...Array.from({ length: 1 + r.int(12) }, () => r.int(256)).map((c) => (c === 10 || c === 13 ? 127 : c)));
    for (let i = 0; i < RAW; i++) {
      const target = r.int(5) === 0 ? junk() : `${r.pick(paths)}${r.int(3) === 0 ? '?format=json' : ''}`;
      const method = r.pick(['GET', 'POST', 'FOO', 'G\u0001T', 'get', junk()]);
      const version = r.pick(['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'HTTX/1.1', '']);
      const header = r.pick([
        'X-A: ok',
        `X-A: a${String.fromCharCode(r.int(32))}b`,
        `SESSION-TOKEN: ${'a'.repeat(r.pick([10, 20_000, 100 * 1024]))}`,
        `X-${junk()}: 1`,
        'Content-Length: x',
        'Transfer-Encoding: chunked\r\nContent-Length: 0',
        'Host: a\r\nHost: b',
      ]);
      const head = `${method} ${target} ${version}\r\nHost: x\r\n${header}\r\nConnection: close\r\n\r\n`;
      const res = await rawRequest(port, Buffer.from(head, 'latin1'));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, JSON.stringify(head.slice(0, 120))).toBeGreaterThanOrEqual(200);
      expect(res.status, JSON.stringify(head.slice(0, 120))).toBeLessThan(500);
      expectSecurityHeaders(res.headers);
    }
    console.log(`fuzz (${backend}): ${RAW} raw requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    const alive = await rawRequest(port, 'GET /api/language HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(alive.status).toBe(200);
  });

  it('300 seeded image names: one spelling per image (others 404, with or without app parameters), nothing stored for them', async () => {
    const r = rng(28_2026);
    const imgDir = path.join(t.app.config.dataDir, 'img');
    const files = () =>
      fs.existsSync(imgDir) ? fs.readdirSync(imgDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile()).length : 0;
    const canonical = new Set<string>();
    const before = files();
    for (let i = 0; i < 300; i++) {
      const { url, canonical: ok } = imageName((n) => r.int(n));
      const res = await t.app.inject({ method: 'GET', url: r.int(3) === 0 ? `${url}?os=android&app_ver=1` : url });
      expect(res.statusCode, url.slice(0, 80)).toBeLessThan(500);
      if (ok) canonical.add(url);
      else expect(res.statusCode, url.slice(0, 80)).toBe(404);
    }
    // The fixture's page 1007/0 has no drawable source (404): only drawn art is stored.
    expect(files() - before).toBeLessThanOrEqual(canonical.size);
  });

  it('a body that stops arriving is answered 408 and closed like a slow head, and counted; CONNECT and odd methods are answered', async () => {
    const counted = { ...t.app.requestTimeouts };
    for (const p of ['/api/title_list/bookmark?title_id=101', '/api/feedback', '/img/title/101/portrait.webp']) {
      const res = await slowBody(port, p, 100, 4, 20_000);
      expect(res, p).toEqual({ status: 408, closed: true });
    }
    expect(t.app.requestTimeouts.body - counted.body).toBe(3);
    expect(await stalled(port, 'GET /api/language HTTP/1.1\r\nHost: x\r\n', 20_000)).toEqual({ status: 408, closed: true });
    expect(t.app.requestTimeouts.head - counted.head).toBe(1);
    for (const [line, status] of [
      ['CONNECT /api/language HTTP/1.1', 405],
      ['CONNECT example.com:443 HTTP/1.1', 405],
      ['CONNECT /img/title/101/portrait.webp HTTP/1.1', 405],
      ['PROPFIND /api/language HTTP/1.1', 404],
      ['PURGE /api/language HTTP/1.1', 404],
      ['TRACE /api/language HTTP/1.1', 404],
      ['OPTIONS /api/language HTTP/1.1', 404],
    ] as const) {
      const res = await rawRequest(port, `${line}\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(res.status, line).toBe(status);
      expectSecurityHeaders(res.headers);
      if (line.includes(' /api/')) expect(String(res.headers['content-type']), line).toContain('application/x-protobuf');
    }
  });
});
