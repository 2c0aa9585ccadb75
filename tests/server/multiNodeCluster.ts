import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';

/**
 * The engines and processes of the multi-node test (multiNode.test.ts):
 * a database of its own on TEST_DATABASE_URL's PostgreSQL, a redis-server
 * (Debian's, or REDIS_BIN) and an s3rver bucket, each on a free loopback
 * port; server nodes as child processes (server/main.ts through tsx, each
 * with its own DATA_DIR); a round-robin proxy (node:http) in front.
 */

const REDIS_BIN = process.env.REDIS_BIN ?? '/usr/bin/redis-server';

/** Why the multi-node test cannot run here, or null when it can. */
export function missingEngines(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set (no PostgreSQL)';
  if (!fs.existsSync(REDIS_BIN)) return `no redis-server at ${REDIS_BIN} (apt-get install redis-server, or set REDIS_BIN)`;
  return null;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

export interface Engines {
  databaseUrl: string;
  redisUrl: string;
  objectStoreUrl: string;
  /** A client on the test database, for checks. */
  pg: pg.Client;
  stop(): Promise<void>;
}

/** A fresh PostgreSQL database, a redis-server and an s3rver bucket "manga". */
export async function startEngines(): Promise<Engines> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const dbName = `t_multinode_${crypto.randomBytes(4).toString('hex')}`;
  const a = new pg.Client({ connectionString: admin.toString() });
  await a.connect();
  await a.query(`create database ${dbName}`);
  await a.end();
  const own = new URL(admin.toString());
  own.pathname = `/${dbName}`;

  const redisPort = await freePort();
  const redis = spawn(REDIS_BIN, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((r) => {
      const c = net.connect(redisPort, '127.0.0.1', () => (c.end(), r(true)));
      c.on('error', () => r(false));
    });
    if (up) break;
    if (i >= 100) throw new Error('redis-server did not start');
    await sleep(100);
  }

  const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'multinode-s3-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: 'manga' }] });
  const { port: s3port } = await s3.run();

  const client = new pg.Client({ connectionString: own.toString() });
  await client.connect();
  return {
    databaseUrl: own.toString(),
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    objectStoreUrl: `s3+http://S3RVER:S3RVER@127.0.0.1:${s3port}/manga?region=us-east-1`,
    pg: client,
    async stop() {
      await client.end().catch(() => {});
      redis.kill('SIGKILL');
      await s3.close();
      fs.rmSync(s3dir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    },
  };
}

export interface NodeProc {
  name: string;
  port: number;
  proc: ChildProcess;
  /** Everything it printed. */
  log: string[];
  /** Resolves with the start time (ms) once it listens; rejects when it exits first. */
  ready: Promise<number>;
  alive: boolean;
  /** Resolves with the exit code (or signal) once it exits. */
  exited: Promise<string>;
}

/** Starts server/main.ts as a child process with its own DATA_DIR and a free port. */
export async function startNode(name: string, env: Record<string, string>): Promise<NodeProc> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `multinode-${name}-`));
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), `multinode-web-`));
  const t0 = Date.now();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: webDir, SERVER_RENDER: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const node: NodeProc = { name, port, proc, log, alive: true, ready: Promise.resolve(0), exited: Promise.resolve('') };
  node.exited = new Promise((r) =>
    proc.on('exit', (code, signal) => {
      node.alive = false;
      r(signal ?? String(code));
    }),
  );
  node.ready = new Promise((resolve, reject) => {
    const onData = (b: Buffer) => {
      for (const line of b.toString().split('\n').filter(Boolean)) {
        log.push(line);
        if (line.includes('ready in')) resolve(Date.now() - t0);
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    void node.exited.then((how) => reject(new Error(`${name} exited (${how}) before it was ready:\n${log.slice(-20).join('\n')}`)));
  });
  return node;
}

export interface Proxy {
  url: string;
  /** Requests sent to each node (by name). */
  served: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A round-robin HTTP proxy over the nodes still alive: each request goes to
 * the next node (to the one after when a node refuses the connection), with
 * X-Forwarded-For set to the client's address, as a load balancer does.
 */
export async function startProxy(nodes: NodeProc[]): Promise<Proxy> {
  let next = 0;
  const served = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', () => {
      const tryNode = (left: number) => {
        const live = nodes.filter((n) => n.alive);
        if (!live.length || left === 0) {
          res.writeHead(502).end();
          return;
        }
        const n = live[next++ % live.length];
        const up = http.request(
          {
            host: '127.0.0.1',
            port: n.port,
            method: req.method,
            path: req.url,
            agent,
            headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
          },
          (r) => {
            served.set(n.name, (served.get(n.name) ?? 0) + 1);
            res.writeHead(r.statusCode ?? 502, r.headers);
            r.pipe(res);
          },
        );
        up.on('error', () => {
          if (!res.headersSent) tryNode(left - 1);
          else res.destroy();
        });
        up.end(Buffer.concat(body));
      };
      tryNode(nodes.length);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    served,
    close: () =>
      new Promise((r) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** GET as JSON (the API's ?format=json), with a SESSION-TOKEN when given. */
export async function getJson(base: string, url: string, token?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${url}${url.includes('?') ? '&' : '?'}format=json`, { headers: token ? { 'session-token': token } : {} });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/** The first object in a JSON tree for which pick is true. */
export function findIn(tree: unknown, pick: (o: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
  if (!tree || typeof tree !== 'object') return undefined;
  const o = tree as Record<string, unknown>;
  if (!Array.isArray(tree) && pick(o)) return o;
  for (const v of Object.values(o)) {
    const hit = findIn(v, pick);
    if (hit) return hit;
  }
  return undefined;
}

/** A node's count of answers to GET `route` (its pattern), every status summed, from its /metrics. */
export async function answersCounted(n: NodeProc, token: string, route: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${n.port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${n.name} /metrics: HTTP ${res.status}`);
  let sum = 0;
  for (const line of (await res.text()).split('\n'))
    if (line.startsWith('http_requests_total{') && line.includes('method="GET"') && line.includes(`route="${route}"`))
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  return sum;
}
