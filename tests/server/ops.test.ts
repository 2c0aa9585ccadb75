import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDb } from '../../server/db/index.js';
import { queriesTimed } from '../../server/lib/opsCounters.js';
import { BACKENDS, call, newToken, setup, success, type TestApp } from './helpers.js';
import { seed } from './fixtures.js';
import { T } from './fixtureIds.js';
import { fakeSubscription } from './pushLoopback.js';

/**
 * A SQLite database that answers reads but takes no write (what a full disk or a read-only file does to
 * it; SQLite runs in the process, so it cannot go away as a server can) takes the node out of service, and back.
 */
describe('a SQLite database that cannot write', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup('sqlite', 'ops_writes');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('turns readiness red, naming the write, while reads still answer; green again once it writes', async () => {
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await sql`pragma query_only = on`.execute(t.db);
    const r = await t.app.inject({ url: '/readyz' });
    expect(r.statusCode).toBe(503);
    const body = r.json<{ failing: string[]; checks: Record<string, string> }>();
    expect(body.failing).toEqual(['databaseWrites']);
    expect(body.checks.databaseWrites).toMatch(/readonly|read-only|query_only/i);
    expect(body.checks.database).toBe('ok');
    success(await call(t.app, { url: `/api/title_detailV3?title_id=${T.bladeEn}` }));
    await sql`pragma query_only = off`.execute(t.db);
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

/** With neither METRICS_PORT nor METRICS_TOKEN nothing could read the metrics, so nothing is collected. */
describe('metrics off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup('sqlite', 'ops_metrics_off');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs no hook per request, makes no registry, and serves no metrics', async () => {
    success(await call(t.app, { url: `/api/title_detailV3?title_id=${T.bladeEn}` }));
    // prom-client is loaded only for a registry somebody can read (server/plugins/metrics.ts).
    expect(t.app.metrics).toBeNull();
    // Nobody listens for queries, so none is timed (server/db/index.ts).
    expect(queriesTimed()).toBe(false);
    expect((await t.app.inject({ url: '/metrics' })).body).not.toContain('http_requests_total');
  });
});

/** Health and readiness, metrics, request ids and what the logs never hold. */
describe.each(BACKENDS)('operating it (%s)', (backend) => {
  let t: TestApp;
  const TOKEN = 'metrics-secret-' + crypto.randomBytes(6).toString('hex');
  beforeAll(async () => {
    t = await setup(backend, 'ops', { metricsToken: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /healthz and /readyz, and readiness goes red while draining', async () => {
    const h = await t.app.inject({ url: '/healthz' });
    expect(h.statusCode).toBe(200);
    expect(h.json()).toEqual({ status: 'ok' });
    const r = await t.app.inject({ url: '/readyz' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'ready', failing: [], checks: { database: 'ok', databaseWrites: 'ok', catalog: 'ok' } });
    // Not a visitor: no session token handed out.
    expect(r.headers['session-token']).toBeUndefined();
    t.app.ops.drain();
    const d = await t.app.inject({ url: '/readyz' });
    expect(d.statusCode).toBe(503);
    expect(d.json()).toMatchObject({ status: 'unready', failing: ['draining'] });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('serves metrics only with the token, by route pattern, never the raw URL', async () => {
    success(await call(t.app, { url: `/api/title_detailV3?title_id=${T.bladeEn}` }));
    success(await call(t.app, { url: `/api/title_detailV3?title_id=${T.catsEn}` }));
    await t.app.inject({ url: '/no/such/thing-8731' });
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    const m = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(m.statusCode).toBe(200);
    expect(m.headers['content-type']).toMatch(/^text\/plain/);
    const text = m.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/title_detailV3",status_code="200"\} 2/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/title_detailV3",status_class="2xx"\}/,
    );
    expect(text).not.toContain('title_id=');
    expect(text).not.toContain('thing-8731');
    for (const series of [
      'http_requests_in_flight',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'manga_db_query_duration_seconds_bucket',
      'manga_view_cache_lookups_total{result="hit"}',
      'manga_view_cache_lookups_total{result="miss"}',
      'manga_views_buffered',
      'manga_push_jobs_queued',
      'manga_rate_limit_refusals_total',
      'manga_push_retries_total',
    ])
      expect(text, series).toContain(series);
    if (backend === 'postgres') expect(text).toMatch(/manga_db_pool_connections\{state="total"\} \d+/);
    // The queries of the calls above were timed (the wrappers time them only while the metrics listen).
    expect(Number(/manga_db_query_duration_seconds_count\{outcome="ok"\} (\d+)/.exec(text)?.[1] ?? 0)).toBeGreaterThan(0);
  });

  it('makes a request id, returns it, and ignores one sent by an untrusted client', async () => {
    const a = await t.app.inject({ url: '/healthz' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'chosen-by-client' } });
    expect(b.headers['x-request-id']).not.toBe('chosen-by-client');
  });
});

/**
 * http_requests_in_flight counts a request from its onRequest to its onResponse; one whose client went away
 * first never gets an onResponse, and is no longer counted once the gauge is read (no 'close' listener per request).
 */
describe('requests in flight', () => {
  let t: TestApp;
  const TOKEN = 'metrics-secret-' + crypto.randomBytes(6).toString('hex');
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  beforeAll(async () => {
    t = await setup('sqlite', 'ops_inflight', { metricsToken: TOKEN }, true, undefined, (app) => {
      app.get('/test/hold', async () => {
        await held;
        return 'done';
      });
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    release();
    await t?.close();
  });

  /** The gauge as a scrape reads it (the scrape itself is one of them). */
  const inFlight = async () => {
    const m = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    return Number(/^http_requests_in_flight (\d+)$/m.exec(m.body)?.[1]);
  };
  const hold = () => {
    const { port } = t.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /test/hold HTTP/1.1\r\nHost: x\r\n\r\n'));
    socket.on('error', () => {});
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      socket.on('close', () => resolve(text));
    });
    return { socket, answer };
  };

  it('counts requests being answered, drops one whose client left, and none once answered', async () => {
    expect(await inFlight()).toBe(1);
    const gone = hold();
    const stays = hold();
    await expect.poll(inFlight).toBe(3);
    gone.socket.destroy();
    await expect.poll(inFlight).toBe(2);
    release();
    await expect.poll(inFlight).toBe(1);
    stays.socket.end();
    expect(await stays.answer).toContain('done');
  });
});

describe('logs', () => {
  let dataDir = '';
  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('carry the request id of a trusted proxy and never a token, a cookie, a credential or a push secret', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-logs-'));
    const config = loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1', METRICS_TOKEN: 'metrics-token-xyz' });
    const { db, dialect, close } = await openDb(config);
    await seed(db, Math.floor(Date.now() / 1000));
    const lines: string[] = [];
    const app = await buildApp({ config, db, dialect }, { logger: { level: 'debug', stream: { write: (s: string) => lines.push(s) } } });
    const token = newToken();
    const sub = fakeSubscription('https://fcm.googleapis.com/fcm/send/endpoint-secret-abc123');
    const { keys } = JSON.parse(sub.json) as { keys: { auth: string; p256dh: string } };
    const secrets = [
      token,
      'cookie-secret-value',
      'staff-password-123',
      'metrics-token-xyz',
      'endpoint-secret-abc123',
      keys.auth,
      keys.p256dh,
    ];
    const headers = {
      'session-token': token,
      cookie: 'sid=cookie-secret-value; lang=en',
      authorization: 'Bearer metrics-token-xyz',
      'x-staff-token': 'staff-password-123',
      'x-request-id': 'proxy-req-42',
    };
    const a = await app.inject({
      method: 'PUT',
      url: `/api/title_list/bookmark?title_id=${T.bladeEn}&push_token=${encodeURIComponent(sub.json)}`,
      headers,
    });
    expect(a.headers['x-request-id']).toBe('proxy-req-42');
    await app.inject({ method: 'POST', url: '/api/register', headers, payload: { password: 'staff-password-123', token } });
    await app.inject({ url: '/metrics', headers });
    await app.inject({ url: `/api/manga_viewer?chapter_id=999999&token=${token}`, headers });
    app.log.info({ token, cookie: headers.cookie, headers }, 'a careless line');
    await app.close();
    await close();
    const log = lines.join('');
    const mine = lines.map((l) => JSON.parse(l) as { requestId?: string; msg: string }).filter((l) => l.requestId === 'proxy-req-42');
    expect(mine.length).toBeGreaterThan(0);
    expect(log).toContain('[redacted]');
    for (const s of secrets) expect(log, `a log line holds ${s}`).not.toContain(s);
  });
});
