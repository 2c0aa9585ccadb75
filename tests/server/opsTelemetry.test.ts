import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** The spans ConsoleSpanExporter printed (util.inspect objects, one per span): name, trace id, attributes as text. */
function spans(out: string): { name: string; traceId: string; text: string }[] {
  return out
    .split(/^\{$/m)
    .map((text) => ({
      text,
      name: /^ {2}name: '([^']*)'/m.exec(text)?.[1] ?? '',
      traceId: /^ {2}traceId: '([0-9a-f]{32})'/m.exec(text)?.[1] ?? '',
    }))
    .filter((s) => s.name && s.traceId);
}

/**
 * Tracing is off by default and on with the standard OTEL_*
 * variables (server/telemetry.ts loaded with --import before the app). A node
 * started with OTEL_TRACES_EXPORTER=console prints its spans: one request
 * gives an HTTP server span named by the route, SQL spans in the same trace
 * on PostgreSQL, and the request's log lines carry the trace id.
 */
describe.each(BACKENDS)('traces (%s)', (backend) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  const start = async (extraEnv: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-otel-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (backend === 'postgres') {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const name = `t_ops_otel_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: url.toString() });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      });
      const own = new URL(url.toString());
      own.pathname = `/${name}`;
      databaseUrl = own.toString();
    }
    const port = await freePort();
    const proc = spawn(process.execPath, ['--import', 'tsx', '--import', './server/telemetry.ts', 'server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        NO_CATALOG: '1',
        SERVER_RENDER: '0',
        LOG_LEVEL: 'debug',
        ...extraEnv,
      },
      stdio: 'pipe',
    });
    let out = '';
    proc.stdout.on('data', (b: Buffer) => (out += b.toString()));
    proc.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<void>((r) => proc.on('exit', () => r()));
    cleanups.push(async () => {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited;
    });
    for (let i = 0; i < 900 && !out.includes('ready in '); i++) {
      if (proc.exitCode !== null) throw new Error(`the node stopped: ${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(out, 'the node started in 90 s').toContain('ready in ');
    return { base: `http://127.0.0.1:${port}`, output: () => out };
  };

  const CONSOLE = { OTEL_TRACES_EXPORTER: 'console', OTEL_METRICS_EXPORTER: 'none', OTEL_LOGS_EXPORTER: 'none' };
  // A proxy's trace, sampled (flags 01): followed whatever the ratio (the default sampler is parent-based).
  const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
  const traceparent = `00-${TRACE}-00f067aa0ba902b7-01`;
  const serverSpan = async (node: { output: () => string }) => {
    for (let i = 0; i < 100; i++) {
      const found = spans(node.output()).find((s) => s.name === 'GET /api/title_list/allV2');
      if (found) return found;
      await new Promise((res) => setTimeout(res, 50));
    }
    return undefined;
  };

  it("one request: an HTTP server span with its route in the proxy's trace, SQL spans (PostgreSQL), the trace id in its log lines", async () => {
    const node = await start(CONSOLE);
    const r = await fetch(`${node.base}/api/title_list/allV2?format=json`, { headers: { 'x-request-id': 'trace-me-1', traceparent } });
    expect(r.status).toBe(200);
    const requestId = r.headers.get('x-request-id');
    const server = await serverSpan(node);
    expect(server, 'the HTTP server span').toBeDefined();
    expect(server!.traceId).toBe(TRACE);
    expect(server!.text).toMatch(/'http\.route': '\/api\/title_list\/allV2'/);
    // The HTTP server conventions: method, path, status, the span a server's.
    expect(server!.text).toMatch(/'http\.request\.method': 'GET'/);
    expect(server!.text).toMatch(/'url\.path': '\/api\/title_list\/allV2'/);
    expect(server!.text).toMatch(/'http\.response\.status_code': 200/);
    expect(server!.text).toMatch(/^ {2}kind: 1,$/m);
    const sameTrace = spans(node.output()).filter((s) => s.traceId === server!.traceId);
    if (backend === 'postgres') expect(sameTrace.filter((s) => s.name.startsWith('pg.query')).length).toBeGreaterThan(0);
    const lines = node
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{"level"'))
      .map((l) => JSON.parse(l) as { requestId?: string; traceId?: string });
    const mine = lines.filter((l) => l.requestId === requestId);
    expect(mine.length).toBeGreaterThan(0);
    for (const l of mine) expect(l.traceId).toBe(server!.traceId);
  });

  // (One backend is enough: nothing of it depends on the database.)
  it.skipIf(backend !== 'sqlite')("samples by a ratio of new traces (parent-based): at 0, only the proxy's sampled trace", async () => {
    const node = await start({ ...CONSOLE, OTEL_TRACES_SAMPLER_ARG: '0' });
    for (let i = 0; i < 5; i++) expect((await fetch(`${node.base}/api/title_list/allV2?format=json`)).status).toBe(200);
    await new Promise((res) => setTimeout(res, 300));
    expect(spans(node.output()).filter((s) => s.name === 'GET /api/title_list/allV2')).toEqual([]);
    expect((await fetch(`${node.base}/api/title_list/allV2?format=json`, { headers: { traceparent } })).status).toBe(200);
    expect((await serverSpan(node))?.traceId).toBe(TRACE);
  });

  it.skipIf(backend !== 'sqlite')('is off by default', async () => {
    const node = await start({});
    expect((await fetch(`${node.base}/api/title_list/allV2?format=json`)).status).toBe(200);
    await new Promise((res) => setTimeout(res, 200));
    expect(node.output()).not.toContain('telemetry: tracing on');
    expect(spans(node.output())).toEqual([]);
  });
});
