import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errors } from '../lib/errors.js';
import { errorResponse, sendResponse } from '../lib/proto.js';

/** The built web app: static files, and index.html for every SPA route. */
export default fp(async (app) => {
  const dir = app.config.webDir;
  const index = path.join(dir, 'index.html');
  const hasWeb = fs.existsSync(index);
  // The page is read once; with MACHINE_EXPLORER on, a meta tag tells the app to offer /machines.
  let html = hasWeb ? fs.readFileSync(index, 'utf8') : '';
  if (app.config.machineExplorer) html = html.replace('</head>', '  <meta name="machine-explorer" content="on" />\n  </head>');
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are.
      preCompressed: true,
      // Vite puts content hashes in asset names: they never change.
      setHeaders(reply, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      const err = errors.unknownRoute(req.method, req.url.split('?')[0] ?? '');
      return sendResponse(req, reply, errorResponse(err.spec), err.spec.status);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).type('text/plain').send('Not Found');
    if (!hasWeb) return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    // The SPA decides what a path means (including its not-found page).
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
});
