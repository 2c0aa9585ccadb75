import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type * as PromClient from 'prom-client';
import type { Registry } from 'prom-client';
import { poolOf } from '../db/index.js';
import { onQuery, opsCounters } from '../lib/opsCounters.js';
import { pushJobsRepo } from '../repos/pushJobs.js';
import { Tally, registerTallied } from './metricTallies.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's Prometheus registry (server/plugins/metrics.ts); null with the metrics off. */
    metrics: Registry | null;
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
/** Seconds: from a cached answer (sub-millisecond) to a first page drawing. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
/** Requests in flight at which those whose connection closed are first looked for (then at twice those left). */
const SWEEP_MIN = 1024;

/** One route pattern and method's answers: counts by status code, and the latency histogram by status class (2 for 2xx). */
interface RouteTally {
  codes: Map<number, number>;
  classes: Map<number, Tally>;
}

/** Whether an Authorization header carries the token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && crypto.timingSafeEqual(given, want);
}

/** prom-client, loaded only with the metrics on. */
type Prom = typeof PromClient;

/**
 * Prometheus metrics (prom-client), never public by default: on a port of
 * their own (METRICS_PORT, bind it to the private network) and/or at
 * /metrics on the main port for `Authorization: Bearer METRICS_TOKEN`. With
 * neither set nothing could read them, so nothing is collected: no hook runs
 * per request or query, and prom-client is not even loaded (issue 34: the API
 * costs no more with metrics off; issue 33: nor does the heap every request's
 * garbage collection walks). Labels are bounded: the
 * route's pattern (never the raw URL; a request no route matched is
 * "unmatched"), the method, the status code. The series are listed in the
 * README ("Operating it").
 */
export default fp(async (app) => {
  const { metricsToken, metricsPort, host } = app.config;
  if (!metricsToken && !metricsPort) {
    app.decorate('metrics', null);
    return;
  }
  const prom = await import('prom-client');
  const register = new prom.Registry();
  app.decorate('metrics', register);
  prom.collectDefaultMetrics({ register });
  httpMetrics(app, prom, register);
  dbMetrics(app, prom, register);
  opsMetrics(app, prom, register);
  if (metricsToken) serveOnMainPort(app, register, metricsToken);
  if (metricsPort) serveOnOwnPort(app, register, metricsPort, host);
});

/** Answers by route, method and status, their latency, and the requests in flight. */
function httpMetrics(app: FastifyInstance, prom: Prom, register: Registry): void {
  const { Counter, Gauge } = prom;
  const registers = [register];

  // Answers are tallied in plain numbers by route pattern, method and status (the hook below), and
  // turned into the series only when scraped: no label set is hashed per answer (issue 27's cost).
  const answered = new Map<string, Map<string, RouteTally>>();
  const tallyOf = (route: string, method: string): RouteTally => {
    let byMethod = answered.get(route);
    if (!byMethod) answered.set(route, (byMethod = new Map<string, RouteTally>()));
    let t = byMethod.get(method);
    if (!t) byMethod.set(method, (t = { codes: new Map(), classes: new Map() }));
    return t;
  };
  new Counter({
    name: 'http_requests_total',
    help: 'Answers by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
    collect() {
      this.reset();
      for (const [route, byMethod] of answered)
        for (const [method, t] of byMethod) for (const [code, n] of t.codes) this.inc({ method, route, status_code: String(code) }, n);
    },
  });
  registerTallied(
    register,
    { name: 'http_request_duration_seconds', help: 'Time to answer, by route pattern, method and status class', buckets: LATENCY_BUCKETS },
    function* () {
      for (const [route, byMethod] of answered)
        for (const [method, t] of byMethod)
          for (const [cls, tally] of t.classes) yield [{ method, route, status_class: `${cls}xx` }, tally];
    },
  );
  // Requests being answered: in at onRequest, out at onResponse. One whose client went away first (its
  // connection closed) never reaches onResponse: it is dropped when the gauge is read, and whenever the
  // set has doubled, rather than watched by a 'close' listener on every request (an onRequestAbort hook).
  const open = new Set<FastifyRequest>();
  let sweepAt = SWEEP_MIN;
  const sweep = () => {
    for (const req of open) if (req.raw.socket?.destroyed) open.delete(req);
    sweepAt = Math.max(SWEEP_MIN, open.size * 2);
  };
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being answered now',
    registers,
    collect() {
      sweep();
      this.set(open.size);
    },
  });
  app.addHook('onRequest', (req, _reply, next) => {
    open.add(req);
    if (open.size >= sweepAt) sweep();
    next();
  });
  app.addHook('onResponse', (req, reply, next) => {
    open.delete(req);
    const t = tallyOf(req.routeOptions.url ?? 'unmatched', METHODS.has(req.method) ? req.method : 'OTHER');
    const code = reply.statusCode;
    t.codes.set(code, (t.codes.get(code) ?? 0) + 1);
    const cls = Math.floor(code / 100);
    let latency = t.classes.get(cls);
    if (!latency) t.classes.set(cls, (latency = new Tally(LATENCY_BUCKETS)));
    latency.observe(reply.elapsedTime / 1000);
    next();
  });
}

/** SQL query time by outcome, and the PostgreSQL pool. */
function dbMetrics(app: FastifyInstance, prom: Prom, register: Registry): void {
  const { Gauge } = prom;
  const registers = [register];
  const queries = { ok: new Tally(QUERY_BUCKETS), error: new Tally(QUERY_BUCKETS) };
  registerTallied(register, { name: 'manga_db_query_duration_seconds', help: 'SQL query time, by outcome', buckets: QUERY_BUCKETS }, () => [
    [{ outcome: 'ok' }, queries.ok],
    [{ outcome: 'error' }, queries.error],
  ]);
  const offQuery = onQuery((seconds, failed) => (failed ? queries.error : queries.ok).observe(seconds));
  app.addHook('onClose', (_app, next) => {
    offQuery();
    next();
  });
  const pool = poolOf(app.db);
  if (pool) {
    new Gauge({
      name: 'manga_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and clients waiting for one',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({ name: 'manga_db_pool_max', help: 'PostgreSQL pool size (DB_POOL_SIZE)', registers }).set(pool.options.max);
  }
}

/** Totals the service keeps (server/lib/opsCounters.ts), the views buffered and the push jobs queued. */
function opsMetrics(app: FastifyInstance, prom: Prom, register: Registry): void {
  const { Counter, Gauge } = prom;
  const registers = [register];
  /** A counter reporting a total kept elsewhere (server/lib/opsCounters.ts). */
  const total = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  new Counter({
    name: 'manga_view_cache_lookups_total',
    help: 'Lookups of the shared view caches (server/services), by result',
    labelNames: ['result'] as const,
    registers,
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, opsCounters.cacheHits);
      this.inc({ result: 'miss' }, opsCounters.cacheMisses);
    },
  });
  total('manga_rate_limit_refusals_total', 'Writes and new visitors refused by the rate limits', () => opsCounters.rateLimited);
  total(
    'manga_push_retries_total',
    'Notification sends to be retried (push service busy, refused signature, network)',
    () => opsCounters.pushRetries,
  );
  new Counter({
    name: 'manga_push_sends_total',
    help: 'Notification sends by outcome (sent, expired, invalid, refused, unauthorized, retry)',
    labelNames: ['outcome'] as const,
    registers,
    collect() {
      this.reset();
      for (const [outcome, n] of opsCounters.pushSends) this.inc({ outcome }, n);
    },
  });
  new Gauge({
    name: 'manga_views_buffered',
    help: 'Chapter views buffered in memory, not yet written',
    registers,
    collect() {
      this.set(app.repos.views.waiting());
    },
  });
  const pushJobs = pushJobsRepo(app.db);
  new Gauge({
    name: 'manga_push_jobs_queued',
    help: 'Notification jobs in the queue (due or later)',
    registers,
    async collect() {
      const n = await pushJobs.count().catch(() => undefined);
      if (n !== undefined) this.set(n);
    },
  });
}

/** /metrics on the main port, for the bearer token. */
function serveOnMainPort(app: FastifyInstance, register: Registry, metricsToken: string): void {
  app.get('/metrics', { config: { quiet: true } }, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!bearerMatches(req.headers.authorization, metricsToken)) {
      void reply.code(401).header('www-authenticate', 'Bearer').type('application/problem+json');
      return JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'metrics need the bearer token' });
    }
    void reply.type(register.contentType);
    return register.metrics();
  });
}

/** /metrics on a port of its own, opened and closed with the app. */
function serveOnOwnPort(app: FastifyInstance, register: Registry, metricsPort: number, host: string): void {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    register.metrics().then(
      (text) => res.writeHead(200, { 'content-type': register.contentType }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics: collection failed');
        res.writeHead(500).end();
      },
    );
  });
  app.addHook('onListen', (next) => {
    server.once('error', (err) => app.log.error({ err }, `metrics: cannot listen on port ${metricsPort}`));
    server.listen(metricsPort, host, () => next());
  });
  app.addHook('onClose', (_app, next) => {
    server.close(() => next());
    server.closeAllConnections();
  });
}
