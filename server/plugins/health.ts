import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { poolOf } from '../db/index.js';
import { objectStoreAddress, objectStoreClient } from '../images/blobs.js';
import { firstUse } from '../lib/firstUse.js';
import { healthRepo } from '../repos/health.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The node's operating state (server/plugins/health.ts). */
    ops: {
      /** Readiness goes red from now on (SIGTERM: the proxy stops sending before the server closes). */
      drain(): void;
      readonly draining: boolean;
    };
  }
}

/** The longest one dependency may take to answer readiness. */
const CHECK_MS = 2000;

type Check = () => Promise<unknown>;

/**
 * GET /healthz: the process answers (liveness: restart it when this fails).
 * GET /readyz: the node can serve: the database answers and takes a write, the catalog is
 * loaded, and Redis and the object store answer when configured; 503 with
 * the failing parts named otherwise, and while draining (SIGTERM). Neither
 * reads or makes a visitor's data, neither is rate limited, and neither is
 * in the request log. A change of readiness is logged (warn when a part
 * fails, info when all are back).
 */
export default fp((app, _opts, done) => {
  let draining = false;
  app.decorate('ops', {
    drain: () => {
      if (!draining) app.log.info('readiness: draining (shutting down)');
      draining = true;
    },
    get draining() {
      return draining;
    },
  });

  // A dropped idle connection (openDb keeps it from ending the process) is said in the log.
  poolOf(app.db)?.on('error', (err) => app.log.warn({ err }, 'database: a pooled connection failed'));

  const checks = readinessChecks(app);

  /** 'ok', or why the part failed (its error, or that it did not answer in time). */
  const bounded = (check: Check) =>
    new Promise<string>((resolve) => {
      const timer = app.clock.setTimeout(() => resolve(`no answer in ${CHECK_MS} ms`), CHECK_MS);
      void check()
        .then(
          () => 'ok',
          (e: unknown) => (e instanceof Error ? e.message || e.name : String(e)),
        )
        .then((r) => {
          app.clock.clearTimeout(timer);
          resolve(r);
        });
    });

  let wasFailing = '';
  app.get('/healthz', { config: { quiet: true }, logLevel: 'warn' }, async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { config: { quiet: true }, logLevel: 'warn' }, async (_req, reply) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((n) => bounded(checks[n])));
    const parts = Object.fromEntries(names.map((n, i) => [n, results[i]]));
    const failing = names.filter((n) => parts[n] !== 'ok');
    if (draining) failing.unshift('draining');
    const now = failing.map((n) => (n === 'draining' ? n : `${n} (${parts[n]})`)).join(', ');
    if (now !== wasFailing) {
      if (now) app.log.warn({ failing }, `readiness: not ready: ${now}`);
      else app.log.info('readiness: ready');
      wasFailing = now;
    }
    void reply.header('cache-control', 'no-store');
    void reply.code(failing.length ? 503 : 200);
    return { status: failing.length ? 'unready' : 'ready', failing, checks: parts };
  });
  done();
});

/** The parts /readyz checks: the database (a read and a write) and the catalog, then Redis and the object store when configured. */
function readinessChecks(app: FastifyInstance): Record<string, Check> {
  const probe = healthRepo(app.db);
  const checks: Record<string, Check> = {
    database: () => probe.ping(),
    // A database that reads but cannot write (a full disk, a read-only file) serves no reader's favorite or history.
    databaseWrites: () => probe.probeWrite(app.clock.nowSec()),
    catalog: () => app.services.snapshot(),
  };
  if (app.config.redisUrl) {
    // Its own connection: a ping that fails fast rather than waiting in a queue while Redis is away.
    const redis = new Redis(app.config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    redis.on('error', () => {}); // reported by the readiness answer and its log line
    checks.redis = async () => {
      if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
      return redis.ping();
    };
    app.addHook('onClose', () => void redis.disconnect());
  }
  if (app.config.objectStoreUrl) {
    const url = app.config.objectStoreUrl;
    objectStoreAddress(url); // a URL that is not one fails the start, not the first check
    // The SDK is loaded by the first check (server/images/blobs.ts).
    const store = firstUse(() => objectStoreClient(url));
    checks.objectStore = async () => {
      const { client, bucket } = await store.get();
      const { HeadBucketCommand } = await import('@aws-sdk/client-s3');
      return client.send(new HeadBucketCommand({ Bucket: bucket }));
    };
    app.addHook('onClose', async () => {
      const made = store.made();
      if (made) (await made.catch(() => undefined))?.client.destroy();
    });
  }
  return checks;
}
