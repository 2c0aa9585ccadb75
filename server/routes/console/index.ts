import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { routeModule } from '../../lib/route.js';

/**
 * /console and every page under it: the console app (dist/console.html, its
 * own Vite entry). Never stored by a shared cache, under a strict CSP of its
 * own; /console/api/* is the API's (./api), never this page. Images may be
 * `blob:` (the preview of a picked file before it is sent, made by the page
 * itself); styles only from the console's own files (the rich-text editor's
 * base styles are shipped in its CSS, not injected), scripts only its own.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
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
