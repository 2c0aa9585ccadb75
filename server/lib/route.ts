import type { FastifyContextConfig, FastifyInstance, FastifyPluginCallback, FastifyRequest } from 'fastify';

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

/**
 * The header of the API calls the server makes to render a page ahead of the
 * app (server/plugins/web.ts). Such a call runs under whatever session the
 * page request's cookie names, which may be one planted by someone else: it
 * records nothing for that session (the app counts its own chapter view,
 * GET /api/chapter_view). Sent by a browser, it only keeps its own view uncounted.
 */
export const RENDER_AHEAD_HEADER = 'x-render-ahead';

/** Whether this call renders a page ahead (RENDER_AHEAD_HEADER). */
export const rendersAhead = (req: FastifyRequest) => req.headers[RENDER_AHEAD_HEADER] === '1';

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
