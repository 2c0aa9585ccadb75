import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, newToken, setup, success, type TestApp } from './helpers.js';
import { T } from './fixtureIds.js';

/**
 * Faults: a database that goes away and comes back, Redis
 * unreachable at start and mid-run. Readiness names the failing part and
 * recovers; the process keeps answering the reader API.
 */

const REDIS_BIN = process.env.REDIS_BIN ?? '/usr/bin/redis-server';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** Polls until `ok` holds: at most `tries` times, 100 ms apart (ioredis retries within 2 s). */
async function eventually<T>(probe: () => Promise<T>, ok: (v: T) => boolean, tries = 100): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await probe();
    if (ok(v) || i >= tries) return v;
    await sleep(100);
  }
}

/** A redis-server on a port of the test's that it stops and starts again. */
function redisOn(port: number) {
  let proc: ChildProcess | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      proc = spawn(REDIS_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      for (let i = 0; ; i++) {
        const up = await new Promise<boolean>((r) => {
          const c = net.connect(port, '127.0.0.1', () => (c.end(), r(true)));
          c.on('error', () => r(false));
        });
        if (up) return;
        if (i >= 100) throw new Error('redis-server did not start');
        await sleep(100);
      }
    },
    async stop() {
      const p = proc;
      proc = null;
      if (!p || p.exitCode !== null) return;
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGKILL');
      await gone;
    },
  };
}

/** A TCP proxy in front of the test database: cut() drops every connection and refuses new ones until mend(). */
async function tcpProxy(host: string, port: number) {
  const open = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = net.connect(port, host);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        open.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      cut = true;
      for (const s of open) s.destroy();
    },
    mend() {
      cut = false;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

const readyz = async (t: TestApp) => {
  const r = await t.app.inject({ url: '/readyz' });
  return { status: r.statusCode, body: r.json<{ failing: string[]; checks: Record<string, string> }>() };
};
const detail = (t: TestApp) => call(t.app, { url: `/api/title_detailV3?title_id=${T.bladeEn}` });

describe.skipIf(!fs.existsSync(REDIS_BIN)).each(BACKENDS)('Redis unreachable (%s)', (backend) => {
  let t: TestApp;
  let redis: ReturnType<typeof redisOn>;
  beforeAll(async () => {
    redis = redisOn(await freePort());
    // Redis is not running yet: the node starts anyway.
    t = await setup(backend, 'opsfaults_redis', { redisUrl: redis.url });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it('starts without Redis, says so, serves readers, and recovers when Redis comes', async () => {
    const r = await readyz(t);
    expect(r.status).toBe(503);
    expect(r.body.failing).toEqual(['redis']);
    expect(r.body.checks).toMatchObject({ database: 'ok', catalog: 'ok' });
    success(await detail(t));
    await redis.start();
    const back = await eventually(
      () => readyz(t),
      (v) => v.status === 200,
    );
    expect(back).toMatchObject({ status: 200, body: { failing: [] } });
  });

  it('names Redis while it is gone mid-run, keeps answering, and recovers', async () => {
    await redis.stop();
    const down = await eventually(
      () => readyz(t),
      (v) => v.status === 503,
    );
    expect(down.status).toBe(503);
    expect(down.body.failing).toEqual(['redis']);
    // Reads and rate-limited writes still answer (the limits are not counted meanwhile).
    success(await detail(t));
    success(await call(t.app, { method: 'PUT', url: `/api/title_list/bookmark?title_id=${T.catsEn}`, token: newToken() }));
    await redis.start();
    const back = await eventually(
      () => readyz(t),
      (v) => v.status === 200,
    );
    expect(back.status).toBe(200);
    success(await detail(t));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL goes away and comes back', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  const real = process.env.TEST_DATABASE_URL ?? '';
  beforeAll(async () => {
    const u = new URL(real);
    proxy = await tcpProxy(u.hostname, Number(u.port || 5432));
    // setup() makes its database through TEST_DATABASE_URL: point it (and so the node's pool) at the proxy.
    const via = new URL(real);
    via.hostname = '127.0.0.1';
    via.port = String(proxy.port);
    process.env.TEST_DATABASE_URL = via.toString();
    try {
      t = await setup('postgres', 'opsfaults_pg');
    } finally {
      process.env.TEST_DATABASE_URL = real;
    }
  });
  afterAll(async () => {
    proxy?.mend();
    await t?.close();
    await proxy?.close();
  });

  it('goes 503 naming the database, answers with an error rather than crashing, then 200 again', async () => {
    expect((await readyz(t)).status).toBe(200);
    success(await detail(t));
    proxy.cut();
    const down = await eventually(
      () => readyz(t),
      (v) => v.status === 503,
    );
    expect(down.status).toBe(503);
    expect(down.body.failing).toContain('database');
    expect(down.body.checks.database).not.toBe('ok');
    // A request is answered, from the shared caches or with the error envelope, never dropped.
    const a = await call(t.app, { url: `/api/title_detailV3?title_id=${T.catsEn}` });
    expect(['success', 'error']).toContain(a.res.result.case);
    if (a.res.result.case === 'error') expect(a.status).toBeGreaterThanOrEqual(500);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    proxy.mend();
    const back = await eventually(
      () => readyz(t),
      (v) => v.status === 200,
    );
    expect(back).toMatchObject({ status: 200, body: { failing: [] } });
    success(await detail(t));
  });
});

describe.each(BACKENDS)('object store unreachable (%s)', (backend) => {
  let t: TestApp;
  let store: S3rver | null = null;
  let port = 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsfaults-s3-'));
  const startStore = async () => {
    store = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'manga' }] });
    await store.run();
  };
  const stopStore = async () => {
    await store?.close();
    store = null;
  };
  beforeAll(async () => {
    port = await freePort();
    // The bucket's server is not running yet: the node starts anyway.
    t = await setup(backend, 'opsfaults_s3', {
      objectStoreUrl: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/manga?region=us-east-1`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await stopStore();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the object store while it is away, at start and mid-run, serves readers, and recovers', async () => {
    const r = await readyz(t);
    expect(r.status).toBe(503);
    expect(r.body.failing).toEqual(['objectStore']);
    success(await detail(t));
    await startStore();
    expect(
      await eventually(
        () => readyz(t),
        (v) => v.status === 200,
      ),
    ).toMatchObject({ status: 200, body: { failing: [] } });
    await stopStore();
    const down = await eventually(
      () => readyz(t),
      (v) => v.status === 503,
    );
    expect(down.body.failing).toEqual(['objectStore']);
    success(await detail(t));
    await startStore();
    expect(
      (
        await eventually(
          () => readyz(t),
          (v) => v.status === 200,
        )
      ).status,
    ).toBe(200);
  });
});
