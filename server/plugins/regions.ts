import fp from 'fastify-plugin';
import { errors } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A content call: refused with GEOIP_BLOCKING in blocked regions (server/lib/route.ts CONTENT). */
    content?: boolean;
  }
}

/**
 * Region blocking: a content call (route config CONTENT) from a region in
 * BLOCKED_REGIONS, as the proxy's region header names it, is refused.
 */
export default fp((app, _opts, done) => {
  app.addHook('onRequest', (req, _reply, next) => {
    const { blockedRegions, regionHeader } = app.config;
    if (!blockedRegions.length || !req.routeOptions.config?.content) return next();
    const region = String(req.headers[regionHeader] ?? '')
      .trim()
      .toUpperCase();
    next(region && blockedRegions.includes(region) ? errors.geoBlocked(region) : undefined);
  });
  done();
});
