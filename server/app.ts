import path from 'node:path';
import autoload from '@fastify/autoload';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DB, Dialect } from './db/index.js';
import { systemClock, type ServerClock } from './lib/clock.js';
import external from './plugins/external.js';
import services from './plugins/services.js';
import bodies from './plugins/bodies.js';
import maintenance from './plugins/maintenance.js';
import limits from './plugins/limits.js';
import { clientErrorHandler, frameworkErrors, MAX_HEADER_SIZE } from './plugins/frameworkErrors.js';
import regions from './plugins/regions.js';
import visitor from './plugins/visitor.js';
import errors from './plugins/errors.js';
import web from './plugins/web.js';
import push from './push/index.js';
import notices from './cluster/plugin.js';
import consolePlugin from './console/plugin.js';

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
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: deps.config.bodyLimit,
    // Ids and params are ours to validate; keep query parsing plain.
    routerOptions: { ignoreTrailingSlash: true },
    // A URL that does not decode, failed in routing before any hook (server/plugins/frameworkErrors.ts).
    // (Fastify 5.12 reads it at the top level, where its overloads' types do not take it.)
    ...({ frameworkErrors } as object),
    // No per-request log lines (the top-level disableRequestLogging is deprecated: FSTDEP023).
    logController: new LogController({ disableRequestLogging: true }),
    // Route modules are compiled as autoload imports them (tsx in development and tests): on a
    // loaded machine that can take longer than Fastify's 10 s default for one plugin to start.
    pluginTimeout: 60_000,
    // TRUST_PROXY: request.ip, .protocol and .host from the X-Forwarded-* headers of trusted proxies only.
    trustProxy: trustProxy(deps.config.trustProxy),
    // Failures before routing (a URL that does not decode) and in Node's HTTP parser (an unknown
    // method, a control character in a header, a head over MAX_HEADER_SIZE: 431) answer like the
    // rest: the error envelope under /api, with the security headers (server/plugins/frameworkErrors.ts).
    clientErrorHandler,
    http: { maxHeaderSize: MAX_HEADER_SIZE },
  });
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('dialect', deps.dialect);
  app.decorate('clock', deps.clock ?? systemClock);

  await app.register(external);
  // Change notices between nodes (before the services, which drop their caches on them).
  await app.register(notices);
  await app.register(services);
  await app.register(limits);
  // onRequest hooks run in this order: maintenance, then regions, then the visitor.
  await app.register(maintenance);
  await app.register(regions);
  await app.register(visitor);
  await app.register(bodies);
  await app.register(errors);
  await app.register(push);
  // The console's OpenAPI document and route list see the routes registered after it.
  await app.register(consolePlugin);
  // autoHooks: a folder's autohooks.ts applies to the routes of that folder and those below it
  // (Fastify encapsulation), so a scope is a folder, not a test of the URL.
  await app.register(autoload, { dir: path.join(import.meta.dirname, 'routes'), autoHooks: true, cascadeHooks: true });
  await app.register(web);
  return app;
}
