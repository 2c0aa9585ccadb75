import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { routeModule } from '../../lib/route.js';

/**
 * /console and every page under it: the console app (dist/console.html, its
 * own Vite entry). Never stored by a shared cache, under a strict CSP of its
 * own; /console/api/* is the API's (./api), never this page.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const route = routeModule((app) => {
  const file = path.join(app.config.webDir, 'console.html');
  let html: string | null = null;
  const page = (reply: FastifyReply) => {
    html ??= fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', CSP)
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer');
    if (html === null) return reply.code(503).type('text/plain; charset=utf-8').send('The console is not built: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').send(html);
  };
  app.get('/', (_req, reply) => page(reply));
  app.get('/*', (_req, reply) => page(reply));
});
export default route;
