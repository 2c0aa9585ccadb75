import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResult_Action } from '../../core/gen/manga/v1/response_pb.js';
import { BACKENDS, call, failure, newToken, setup, success, type Answer, type TestApp } from './helpers.js';

/**
 * The write limit means "WRITE_RATE_LIMIT writes per visitor per minute"
 * (issue 20 item 2, issue 21 item 5): one bucket across every write route
 * and method; fresh tokens buy no fresh buckets (NEW_VISITOR_RATE_LIMIT new
 * visitors per client address); writes without a token count per client
 * address, which a trusted proxy names (TRUST_PROXY); with REDIS_URL the
 * counts are shared by every node.
 */

const WRITES = 12;
const NEW_VISITORS = 5;

/** One write of each kind, in turn: favorites, likes, tap logs, contact, push token. */
const WRITE_CALLS: { method: 'PUT' | 'DELETE' | 'POST'; url: string }[] = [
  { method: 'PUT', url: '/api/title_list/bookmark?title_id=101' },
  { method: 'DELETE', url: '/api/title_list/bookmark?title_id=101' },
  { method: 'PUT', url: '/api/comment_like?comment_id=4' },
  { method: 'DELETE', url: '/api/comment_like?comment_id=4' },
  { method: 'POST', url: '/api/banner_tap_log?banner_id=1' },
  { method: 'POST', url: '/api/popup_tap_log?popup_id=1' },
  { method: 'POST', url: '/api/web/contact?type=suggestion&body=more' },
];

function limited(a: Answer): void {
  expect(a.status).toBe(429);
  expect(failure(a).action).toBe(ErrorResult_Action.DEFAULT);
  expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(a.headers['retry-after'])).toBeLessThanOrEqual(60);
}

/** Statuses of n writes cycling through WRITE_CALLS, one at a time. */
async function writes(apps: TestApp[], n: number, headers: (i: number) => Record<string, string>): Promise<Answer[]> {
  const out: Answer[] = [];
  for (let i = 0; i < n; i++) {
    const w = WRITE_CALLS[i % WRITE_CALLS.length];
    out.push(await call(apps[i % apps.length].app, { ...w, headers: headers(i) }));
  }
  return out;
}

const ok = (as: Answer[]) => as.filter((a) => a.status === 200).length;

describe.each(BACKENDS)('write limits on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, `ratelimit_${backend}`, { writeRateLimit: WRITES, newVisitorRateLimit: NEW_VISITORS, trustProxy: true });
  });
  afterAll(() => t.close());

  it('one bucket per visitor across every write route and method', async () => {
    const me = newToken();
    // A visitor row made (a first write) from an address of its own.
    const as = await writes([t], WRITES + 8, () => ({ 'session-token': me, 'x-forwarded-for': '198.51.100.1' }));
    expect(ok(as)).toBe(WRITES);
    for (const a of as.slice(WRITES)) limited(a);
    // Reads are not counted.
    success(await call(t.app, { method: 'GET', url: '/api/title_list/bookmark', token: me }));
    // Another visitor has a bucket of their own.
    success(await call(t.app, { method: 'PUT', url: '/api/title_list/bookmark?title_id=101', token: newToken() }));
  });

  it('fresh tokens buy no fresh buckets: NEW_VISITOR_RATE_LIMIT new visitors per client address', async () => {
    const as = await writes([t], 40, () => ({ 'session-token': newToken(), 'x-forwarded-for': '198.51.100.2' }));
    expect(ok(as)).toBe(NEW_VISITORS);
    for (const a of as.filter((x) => x.status !== 200)) limited(a);
    // Visitors already known write on; another address makes new visitors.
    success(
      await call(t.app, {
        method: 'PUT',
        url: '/api/title_list/bookmark?title_id=101',
        token: newToken(),
        headers: { 'x-forwarded-for': '198.51.100.3' },
      }),
    );
  });

  it('writes without a token count per client address, as a trusted proxy names it', async () => {
    const as = await writes([t], WRITES + 4, () => ({ 'x-forwarded-for': '198.51.100.4' }));
    // Each makes a visitor: the new-visitor limit is the tighter.
    expect(ok(as)).toBe(Math.min(WRITES, NEW_VISITORS));
    // An innocent visitor behind the same proxy, at their own address, is not refused.
    success(await call(t.app, { method: 'POST', url: '/api/banner_tap_log?banner_id=1', headers: { 'x-forwarded-for': '198.51.100.5' } }));
  });
});

describe('without TRUST_PROXY the forwarded address is not believed', () => {
  it('every write from the socket address shares its buckets', async () => {
    const t = await setup('sqlite', 'ratelimit_untrusted', { writeRateLimit: WRITES, newVisitorRateLimit: NEW_VISITORS });
    try {
      const as = await writes([t], 20, (i) => ({ 'session-token': newToken(), 'x-forwarded-for': `203.0.113.${i}` }));
      expect(ok(as)).toBe(NEW_VISITORS);
    } finally {
      await t.close();
    }
  });
});

/** A free local TCP port. */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** Debian's redis-server (REDIS_BIN elsewhere), as multiNodeCluster.ts finds it. */
const REDIS_BIN = process.env.REDIS_BIN ?? '/usr/bin/redis-server';
const hasRedis = spawnSync(REDIS_BIN, ['--version']).status === 0;
if (!hasRedis)
  console.log(
    `rateLimit.test: no redis-server at ${REDIS_BIN} (apt-get install redis-server, or set REDIS_BIN): the Redis store test is skipped`,
  );

describe.skipIf(!hasRedis)('with REDIS_URL the limit holds across nodes', () => {
  let redis: ChildProcess;
  let nodes: TestApp[] = [];
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(REDIS_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; ; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const c = net.connect(port, '127.0.0.1', () => {
          c.end();
          resolve(true);
        });
        c.on('error', () => resolve(false));
      });
      if (up) break;
      if (i > 200) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
    const cfg = { writeRateLimit: WRITES, newVisitorRateLimit: NEW_VISITORS, redisUrl: `redis://127.0.0.1:${port}`, trustProxy: true };
    nodes = [
      await setup('sqlite', 'ratelimit_redis_a', cfg),
      await setup('sqlite', 'ratelimit_redis_b', cfg),
      await setup('sqlite', 'ratelimit_redis_c', cfg),
    ];
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    redis.kill();
  });

  it('one visitor writing through three nodes gets WRITE_RATE_LIMIT writes in all', async () => {
    const me = newToken();
    const as = await writes(nodes, WRITES * 3, () => ({ 'session-token': me }));
    expect(ok(as)).toBe(WRITES);
    for (const a of as.slice(WRITES)) limited(a);
  });

  it('fresh tokens through three nodes make NEW_VISITOR_RATE_LIMIT visitors in all', async () => {
    const as = await writes(nodes, 30, () => ({ 'session-token': newToken(), 'x-forwarded-for': '198.51.100.9' }));
    expect(ok(as)).toBe(NEW_VISITORS);
  });
});
