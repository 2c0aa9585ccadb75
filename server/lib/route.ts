import type { FastifyContextConfig, FastifyInstance, FastifyPluginCallback } from 'fastify';

/** Route config of a content call (geo-blocked in blocked regions: server/plugins/regions.ts). */
export const CONTENT: FastifyContextConfig = { content: true };

/** Route config of a write: limited per visitor (WRITE_RATE_LIMIT per minute; factor for chatty logs). */
export function write(app: FastifyInstance, factor = 1): FastifyContextConfig {
  return { rateLimit: { max: Math.max(1, app.config.writeRateLimit * factor), timeWindow: 60_000 } };
}

/** An /api call (the plugins for the API skip the web app's pages and images). */
export const isApi = (url: string) => url.startsWith('/api/') || url === '/api';

/**
 * A route module (server/routes/<url path>/index.ts): registers its routes at
 * paths relative to its folder, which @fastify/autoload turns into the prefix
 * (server/app.ts): '/' in server/routes/api/manga_viewer is /api/manga_viewer.
 */
export function routeModule(register: (app: FastifyInstance) => void): FastifyPluginCallback {
  return (app, _opts, done) => {
    register(app);
    done();
  };
}
