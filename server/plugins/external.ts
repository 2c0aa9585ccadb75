import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';

const TOKEN = /^[0-9a-f]{32}$/;

/** Third-party plugins: security headers, compression, rate limits on writes. */
export default fp(async (app) => {
  const extra = app.config.publicUrl ? [new URL(app.config.publicUrl).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Pixi compiles shaders and creates workers from blobs.
        workerSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Page images are fetched (then decrypted) from PUBLIC_URL when set.
        connectSrc: ["'self'", ...extra],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Served over plain http on localhost too: never force https.
        upgradeInsecureRequests: null,
      },
    },
    // Plain http on localhost: HSTS would lock browsers out of it.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  // Only routes that opt in (config.rateLimit) are limited: the writes.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => {
      const t = String(req.headers['session-token'] ?? '').toLowerCase();
      return TOKEN.test(t) ? `v:${t}` : `ip:${req.ip}`;
    },
  });
});
