import type { FastifyContextConfig, FastifyInstance, FastifyPluginCallback } from 'fastify';

/** Route config of a content call (geo-blocked in blocked regions: server/plugins/regions.ts). */
export const CONTENT: FastifyContextConfig = { content: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write (server/lib/route.ts write()). */
    write?: boolean;
  }
}

/**
 * Route config of a write: counted in the visitor's one write bucket
 * (WRITE_RATE_LIMIT a minute across every write route and method:
 * server/plugins/limits.ts), and the call that makes the visitor's row on
 * their first write (server/plugins/visitor.ts). Reads make no row.
 */
export function write(_app?: FastifyInstance): FastifyContextConfig {
  return { write: true };
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
