import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { errors } from '../lib/errors.js';
import { opsCounters } from '../lib/opsCounters.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared limits (server/plugins/limits.ts): each call counts one and throws the 429 envelope when over. */
    limits: {
      /** One write of a visitor (key: their token) or of a client address (writes without a token). */
      write(req: FastifyRequest, key: string): Promise<void>;
      /** A new visitor row made for this client address. */
      newVisitor(req: FastifyRequest): Promise<void>;
      /** One counted chapter view of this client address: false when over VIEW_RATE_LIMIT (never throws). */
      view(req: FastifyRequest): Promise<boolean>;
    };
  }
}

/** The client's address as counted: an IPv6 address by its /64 (one host usually holds the whole /64). */
export const clientAddress = (req: FastifyRequest) => normalizeIP(req.ip);

/** Counters kept in memory (one node); over that, the least recently used go. */
const LOCAL_KEYS = 100_000;

/**
 * The limits that mean what they say, counted by @fastify/rate-limit's
 * stores: in Redis when REDIS_URL is set (every node counts in the same
 * keys), else in this process.
 *
 * - Writes: ONE bucket per visitor across every write route and method,
 *   WRITE_RATE_LIMIT a minute; a write without a session token counts in its
 *   client address's bucket.
 * - Counted views: VIEW_RATE_LIMIT a minute per client address (over it a
 *   view is served but not counted: server/lib/viewCount.ts).
 * - New visitors: NEW_VISITOR_RATE_LIMIT visitor rows a minute per client
 *   address (a visitor row is made on a visitor's first write:
 *   server/plugins/visitor.ts), so fresh tokens do not buy fresh buckets.
 *
 * The client address is request.ip: the socket's peer, or the address a
 * trusted proxy names (TRUST_PROXY, server/app.ts).
 */
export default fp(async (app) => {
  const { redisUrl, writeRateLimit, newVisitorRateLimit, viewRateLimit } = app.config;
  let redis: Redis | null = null;
  if (redisUrl) {
    // Fail fast rather than queue while Redis is away: a limit not counted is better than a write that hangs.
    redis = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // ioredis reconnects by itself (also after a failed first connect); one warning per outage, not per retry.
    let down = false;
    redis.on('error', (err: Error) => {
      if (!down) app.log.warn({ err }, 'rate limits: Redis unavailable, writes not counted meanwhile');
      down = true;
    });
    redis.on('ready', () => {
      if (down) app.log.info('rate limits: Redis back, counting again');
      down = false;
    });
    // Not awaited: a node starts while Redis is away and degrades (README, "Operating it") rather than refusing to start.
    redis.connect().catch(() => {});
    app.addHook('onClose', async () => {
      // quit() needs a live connection; while Redis is away there is nothing to say goodbye to.
      if (redis?.status === 'ready') await redis.quit();
      else redis?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'mr-limit:' } : {}),
    // A Redis outage lets requests through (and is logged by ioredis) rather than failing them.
    skipOnError: true,
  });
  const limiter = (prefix: string, max: number) => {
    // (cache: the in-memory store's size, which createRateLimit's types leave out.)
    const options = {
      max: Math.max(1, max),
      timeWindow: 60_000,
      cache: LOCAL_KEYS,
      keyGenerator: (req: FastifyRequest) => `${prefix}:${keys.get(req)}`,
    };
    return app.createRateLimit(options);
  };
  // The key of the call being counted (createRateLimit's keyGenerator sees only the request).
  const keys = new WeakMap<FastifyRequest, string>();
  const writes = limiter('w', writeRateLimit);
  const visitors = limiter('nv', newVisitorRateLimit);
  const views = limiter('vw', viewRateLimit);
  const count = async (check: typeof writes, req: FastifyRequest, key: string) => {
    keys.set(req, key);
    const r = await check(req);
    keys.delete(req);
    if (!r.isAllowed && r.isExceeded) {
      opsCounters.rateLimited++;
      throw errors.rateLimited(r.ttlInSeconds);
    }
  };
  app.decorate('limits', {
    write: (req, key) => count(writes, req, key),
    newVisitor: (req) => count(visitors, req, clientAddress(req)),
    view: async (req) => {
      keys.set(req, clientAddress(req));
      const r = await views(req);
      keys.delete(req);
      return r.isAllowed || !r.isExceeded;
    },
  });
});
