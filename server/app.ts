import path from 'node:path';
import autoload from '@fastify/autoload';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DB, Dialect } from './db/index.js';
import { systemClock, type ServerClock } from './lib/clock.js';
import external from './plugins/external.js';
import services from './plugins/services.js';
import limits from './plugins/limits.js';
import { answerConnect, clientErrorHandler, frameworkErrors, MAX_HEADER_SIZE } from './plugins/frameworkErrors.js';
import api from './plugins/api.js';
import plainErrors from './plugins/plainErrors.js';
import web from './plugins/web.js';
import push from './plugins/push.js';
import notices from './plugins/notices.js';
import requestId, { loggerOptions, requestIdGenerator } from './plugins/requestId.js';
import tracing from './plugins/tracing.js';
import metrics from './plugins/metrics.js';
import health from './plugins/health.js';
import viewing from './plugins/viewing.js';
import consolePlugin from './console/plugin.js';
import { lazySchemas } from './lib/lazySchemas.js';

export interface AppDeps {
  config: Config;
  db: DB;
  dialect: Dialect;
  /** The server's time (tests pass a manual one); the machine's clock by default. */
  clock?: ServerClock;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    dialect: Dialect;
    clock: ServerClock;
    /** Compiles every route schema not yet compiled (they compile on a route's first call); how many were waiting. */
    compileSchemas: () => number;
  }
}

/**
 * The route modules are TypeScript run as it is (tsx, Vitest): autoload is
 * told so, whatever runner it detects (`node --import tsx` is not one it knows).
 */
process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';

/** TRUST_PROXY as Fastify takes it (a hop count as the function proxy-addr makes of one). */
function trustProxy(t: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof t === 'number' ? (_address, hop) => hop < t : t;
}

/**
 * Builds the whole server (API, images, web app); listen() is the caller's.
 *
 * A call goes: the plugins (server/plugins/: security headers, maintenance,
 * region blocking, the visitor session with a write's limits and visitor row,
 * body parsing, the error handler), then its route
 * module — the folder is the URL: /api/manga_viewer is
 * server/routes/api/manga_viewer/index.ts, registered by @fastify/autoload —
 * which calls a service (server/services/) for the answer shared by every
 * visitor and the repositories (server/repos/) for the visitor's own rows.
 * A request that fails before routing or in Node's HTTP parser is answered
 * by server/plugins/frameworkErrors.ts in the same form.
 */
export async function buildApp(deps: AppDeps, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const schemas = lazySchemas();
  const app = Fastify({
    // Route schemas compile on the route's first call, not at start (server/lib/lazySchemas.ts).
    schemaController: schemas.schemaController,
    // Secrets blanked in every line (server/plugins/requestId.ts).
    logger: opts.logger ? loggerOptions(opts.logger === true ? {} : opts.logger) : false,
    // X-Request-Id from a trusted proxy, else made; in every log line of the request and in the answer.
    genReqId: requestIdGenerator(deps.config),
    requestIdHeader: false,
    bodyLimit: deps.config.bodyLimit,
    // Ids and params are ours to validate; keep query parsing plain.
    routerOptions: { ignoreTrailingSlash: true },
    // A URL that does not decode, failed in routing before any hook (server/plugins/frameworkErrors.ts).
    // (Fastify 5.12 reads it at the top level, where its overloads' types do not take it.)
    ...({ frameworkErrors } as object),
    // No per-request log lines (the top-level disableRequestLogging is deprecated: FSTDEP023).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // Route modules are compiled as autoload imports them (tsx in development and tests): on a
    // loaded machine that can take longer than Fastify's 10 s default for one plugin to start.
    pluginTimeout: 60_000,
    // TRUST_PROXY: request.ip, .protocol and .host from the X-Forwarded-* headers of trusted proxies only.
    trustProxy: trustProxy(deps.config.trustProxy),
    // Failures before routing (a URL that does not decode) and in Node's HTTP parser (an unknown
    // method, a control character in a header, a head over MAX_HEADER_SIZE: 431) answer like the
    // rest: the error envelope under /api, with the security headers (server/plugins/frameworkErrors.ts).
    clientErrorHandler,
    // A head or a body that stops arriving is cut off after the same REQUEST_TIMEOUT_MS (408, counted:
    // app.requestTimeouts), checked often enough to keep that bound (Node's default check is every 30 s).
    requestTimeout: deps.config.requestTimeoutMs,
    http: {
      maxHeaderSize: MAX_HEADER_SIZE,
      headersTimeout: deps.config.requestTimeoutMs,
      requestTimeout: deps.config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5000, Math.max(50, Math.floor(deps.config.requestTimeoutMs / 10))),
    },
  });
  app.decorate('requestTimeouts', { head: 0, body: 0 });
  answerConnect(app);
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('dialect', deps.dialect);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('compileSchemas', schemas.compileAll);

  // The request's span first (when tracing is on), so every later hook runs in its context.
  await app.register(tracing);
  await app.register(requestId);
  await app.register(metrics);
  await app.register(external);
  // Change notices between nodes (before the services, which drop their caches on them).
  await app.register(notices);
  await app.register(services);
  await app.register(viewing);
  await app.register(limits);
  await app.register(push);
  // /healthz and /readyz (before the routes and the web app's fallback).
  await app.register(health);
  // Failures outside a scope with its own form (the images): their status, in plain text.
  await app.register(plainErrors);
  // Scopes are folders, not tests of the URL (Fastify encapsulation): the reader's API is one scope
  // (server/plugins/api.ts: its hooks, bodies and error envelope, routes/api/); every other folder of
  // routes/ (images, the console) is loaded beside it, without them. A folder's autohooks.ts applies
  // to the routes of that folder and those below it.
  // The console's OpenAPI document and route list see the routes registered after it.
  await app.register(consolePlugin);
  await app.register(api, { prefix: '/api' });
  await app.register(autoload, {
    dir: path.join(import.meta.dirname, 'routes'),
    ignorePattern: /^api$/,
    autoHooks: true,
    cascadeHooks: true,
  });
  await app.register(web);
  return app;
}
