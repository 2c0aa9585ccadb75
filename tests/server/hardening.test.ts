import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fromBinary } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseSchema } from '../../core/gen/manga/v1/response_pb.js';
import { openDb } from '../../server/db/index.js';
import { BACKENDS, call, failure, newToken, setup, success, type Answer, type TestApp } from './helpers.js';
import { expectSecurityHeaders, rawRequest } from './rawHttp.js';

/**
 * Issue 20's findings, each fixed: reads make no visitor rows (item 3),
 * failures before routing and in Node's HTTP parser answer the error
 * envelope with the security headers (item 5), HSTS over HTTPS and the
 * SQLite file 0600 (item 6), tap logs POST only with ids from the catalog
 * (item 7).
 */

/** The error envelope (protobuf) with this status, and the security headers. */
function envelope(a: Answer, status: number): void {
  expect(a.status).toBe(status);
  expect(String(a.headers['content-type'])).toContain('application/x-protobuf');
  expect(failure(a).debugInfo).toBeTruthy();
  expectSecurityHeaders(a.headers);
}

describe.each(BACKENDS)('hardening on %s', (backend) => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await setup(backend, `hardening_${backend}`, { trustProxy: 'loopback' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  const visitorRows = async () =>
    Number(
      (
        await t.db
          .selectFrom('visitors')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('2,000 reads with fresh tokens make no visitor row; a first write makes one', async () => {
    const before = await visitorRows();
    const reads = ['/api/language', '/api/title_list/bookmark', '/api/comment?chapter_id=1007'];
    for (let i = 0; i < 2000; i++) success(await call(t.app, { method: 'GET', url: reads[i % reads.length] ?? '', token: newToken() }));
    expect(await visitorRows()).toBe(before);
    success(await call(t.app, { method: 'PUT', url: '/api/title_list/bookmark?title_id=101', token: newToken() }));
    expect(await visitorRows()).toBe(before + 1);
  });

  it('tap logs: ids not in the catalog are refused, GET is no route, nothing stored', async () => {
    const me = newToken();
    envelope(await call(t.app, { method: 'POST', url: '/api/banner_tap_log?banner_id=4294967295', token: me }), 404);
    envelope(await call(t.app, { method: 'POST', url: '/api/popup_tap_log?popup_id=999', token: me }), 404);
    const tb = '/api/title_banner_tap_log?banner_type=featured_banner&location=title_detail&type=click';
    envelope(await call(t.app, { method: 'POST', url: `${tb}&banner_id=40&title_id=999999`, token: me }), 404);
    envelope(await call(t.app, { method: 'POST', url: `${tb}&banner_id=999&title_id=101`, token: me }), 404);
    envelope(await call(t.app, { method: 'GET', url: '/api/banner_tap_log?banner_id=1', token: me }), 404);
    expect(await t.db.selectFrom('tap_logs').select('id').where('visitor_token', '=', me).execute()).toHaveLength(0);
    success(await call(t.app, { method: 'POST', url: `${tb}&banner_id=40&title_id=101`, token: me }));
  });

  it('a URL that does not decode answers the envelope (JSON with format=json), elsewhere plain text, all with the headers', async () => {
    const a = await call(t.app, { method: 'GET', url: '/api/language%' });
    envelope(a, 400);
    expect(failure(a).debugInfo).toContain('url');
    const j = await t.app.inject({ method: 'GET', url: '/api/title_detailV3%zz?title_id=101&format=json' });
    expect(j.statusCode).toBe(400);
    expect(j.headers['content-type']).toContain('application/json');
    expect((JSON.parse(j.body) as { error?: { debugInfo?: string } }).error?.debugInfo).toContain('url');
    expectSecurityHeaders(j.headers);
    const page = await t.app.inject({ method: 'GET', url: '/viewer/%' });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/plain');
    expectSecurityHeaders(page.headers);
  });

  it("requests Node's HTTP parser refuses answer the envelope under /api, with the headers, and the server lives on", async () => {
    const cases: [string, Buffer | string, number][] = [
      ['unknown method', 'FOO /api/language HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['control character in a header', 'GET /api/language HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n', 400],
      ['100 KB SESSION-TOKEN', `GET /api/language HTTP/1.1\r\nHost: x\r\nSESSION-TOKEN: ${'a'.repeat(100 * 1024)}\r\n\r\n`, 431],
      ['over-long URL', `GET /api/language?x=${'a'.repeat(40 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      ['bad request line', 'GET /api/language HTTP/9\r\n\r\n', 400],
    ];
    for (const [what, head, status] of cases) {
      const r = await rawRequest(port, head);
      expect(r.status, what).toBe(status);
      expect(r.headers['content-type'], what).toContain('application/x-protobuf');
      const res = fromBinary(ResponseSchema, new Uint8Array(r.body));
      expect(res.result.case, what).toBe('error');
      expectSecurityHeaders(r.headers);
    }
    const json = await rawRequest(port, 'GET /api/language?format=json HTTP/1.1\r\nHost: x\r\nX-A: \u0007\r\n\r\n');
    expect(json.status).toBe(400);
    expect((JSON.parse(json.body.toString()) as { error?: unknown }).error).toBeTruthy();
    const page = await rawRequest(port, 'GET /viewer/1 HTTP/1.1\r\nHost: x\r\nX-A: \u0001\r\n\r\n');
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toContain('text/plain');
    expectSecurityHeaders(page.headers);
    // Still serving.
    const ok = await rawRequest(port, 'GET /api/language HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(ok.status).toBe(200);
  });

  it('HSTS only over HTTPS: as a trusted proxy says, never from an untrusted one', async () => {
    const over = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/language', headers });
    expect((await over({})).headers['strict-transport-security']).toBeUndefined();
    expect((await over({ 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const untrusted = await setup('sqlite', 'hardening_hsts');
    try {
      const r = await untrusted.app.inject({ method: 'GET', url: '/api/language', headers: { 'x-forwarded-proto': 'https' } });
      expect(r.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await untrusted.close();
    }
  });
});

describe('files', () => {
  it('the SQLite file (every token and push subscription) is created 0600', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'srv-mode-'));
    try {
      const { close } = await openDb({ databaseUrl: '', dataDir: dir });
      await close();
      for (const f of fs.readdirSync(dir).filter((n) => n.startsWith('manga.sqlite'))) {
        expect((fs.statSync(path.join(dir, f)).mode & 0o777).toString(8), f).toBe('600');
      }
      expect(fs.existsSync(path.join(dir, 'manga.sqlite'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
