import path from 'node:path';
import autoload from '@fastify/autoload';
import type { FastifyPluginAsync } from 'fastify';
import { errors } from '../lib/errors.js';
import { errorResponse, sendResponse } from '../lib/proto.js';
import bodies from './bodies.js';
import errorEnvelope from './errors.js';
import maintenance from './maintenance.js';
import regions from './regions.js';
import visitor from './visitor.js';

/**
 * The reader's API, /api: one encapsulated Fastify scope (registered with the
 * prefix /api by server/app.ts), so what it registers holds for the API's
 * routes and nothing else — not the images, the web app's pages or the
 * console (server/routes/console/ has its own scope). Its onRequest hooks run
 * in this order: maintenance, regions, the visitor session (with a write's
 * limits). Then its body parsers, and every failure as the protobuf error
 * envelope, a URL under /api that matches no route included. Its routes are
 * server/routes/api/ (the folder is the URL).
 */
const api: FastifyPluginAsync = async (app) => {
  await app.register(maintenance);
  await app.register(regions);
  await app.register(visitor);
  await app.register(bodies);
  await app.register(errorEnvelope);
  app.setNotFoundHandler((req, reply) => {
    const err = errors.unknownRoute(req.method, req.url.split('?')[0] ?? '');
    return sendResponse(req, reply, errorResponse(err.spec), err.spec.status);
  });
  // A folder's autohooks.ts applies to the routes of that folder and those below it.
  await app.register(autoload, { dir: path.join(import.meta.dirname, '..', 'routes', 'api'), autoHooks: true, cascadeHooks: true });
};
export default api;
