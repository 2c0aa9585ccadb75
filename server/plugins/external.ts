import Fastify from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import compress from '@fastify/compress';

/**
 * Third-party plugins: security headers and compression (the rate limits:
 * server/plugins/limits.ts). The security headers are on every answer: set
 * here for every routed request, and by server/plugins/frameworkErrors.ts
 * for the requests that fail before routing; HSTS on answers served over
 * HTTPS (or said so by a trusted proxy: TRUST_PROXY).
 */
export default fp(async (app) => {
  const extra = app.config.publicUrl ? [new URL(app.config.publicUrl).origin] : [];
  const helmetOptions: FastifyHelmetOptions = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Pixi compiles shaders and creates workers from blobs.
        workerSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra],
        // Stylesheets from files only; a server-rendered page adds the hashes of its own inline
        // styles (server/plugins/web.ts). Styles set from scripts (the CSSOM) are not concerned.
        styleSrc: ["'self'"],
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
    // Set per request, over HTTPS only: on plain http (localhost) it would lock browsers out.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  };
  // The same headers on every answer (no per-request nonces): computed once
  // with @fastify/helmet, then set by one cheap hook. The plugin itself
  // rebuilds helmet's middleware (and parses the CSP) on every request.
  const security = await helmetHeaders(helmetOptions);
  app.decorate('securityHeaders', security);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(security);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
});

/** Strict-Transport-Security over HTTPS: a year (no includeSubDomains: the other hosts of the domain are not ours to decide). */
const HSTS = 'max-age=31536000';

/** The headers @fastify/helmet sets with these options, read off one request to a throwaway instance. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  let headers: Record<string, string> = {};
  probe.get('/', async (_req, reply) => {
    // Helmet writes on the raw response in onRequest: nothing else is set yet.
    headers = Object.fromEntries(Object.entries(reply.raw.getHeaders()).map(([k, v]) => [k, String(v)]));
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}
