import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DB, Dialect } from './db/index.js';
import external from './plugins/external.js';
import appPlugin from './plugins/app.js';
import web from './plugins/web.js';
import routes from './routes/index.js';
import push from './push/index.js';

export interface AppDeps {
  config: Config;
  db: DB;
  dialect: Dialect;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    dialect: Dialect;
  }
}

/** Builds the whole server (API, images, web app); listen() is the caller's. */
export async function buildApp(deps: AppDeps, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: deps.config.bodyLimit,
    // Ids and params are ours to validate; keep query parsing plain.
    routerOptions: { ignoreTrailingSlash: true },
    // No per-request log lines (the top-level disableRequestLogging is deprecated: FSTDEP023).
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('dialect', deps.dialect);

  await app.register(external);
  await app.register(appPlugin);
  await app.register(push);
  await app.register(routes);
  await app.register(web);
  return app;
}
