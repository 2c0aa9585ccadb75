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
  const { blockedRegions, regionHeader } = app.config;
  // Read at start: with no region blocked, no hook runs for the calls.
  if (!blockedRegions.length) return done();
  app.addHook('onRequest', (req, _reply, next) => {
    if (!req.routeOptions.config?.content) return next();
    const region = String(req.headers[regionHeader] ?? '')
      .trim()
      .toUpperCase();
    next(region && blockedRegions.includes(region) ? errors.geoBlocked(region) : undefined);
  });
  done();
});
