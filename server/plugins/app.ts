import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { ApiError, errors } from '../lib/errors.js';
import { errorResponse, sendResponse } from '../lib/proto.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's SESSION-TOKEN (created on first use). */
    visitor: string;
  }
}

const TOKEN = /^[0-9a-f]{32}$/;

/**
 * Application plumbing shared by every /api route: the visitor from the
 * SESSION-TOKEN header, the maintenance and region switches, and the one
 * error handler that turns every failure into the protobuf error envelope.
 */
export default fp(async (app) => {
  app.decorateRequest('visitor', '');

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const cfg = app.config;
    if (cfg.maintenance) throw errors.maintenance();
    const region = String(req.headers[cfg.regionHeader] ?? '').toUpperCase();
    if (region && cfg.blockedRegions.includes(region)) throw errors.geoBlocked(region);

    let token = String(req.headers['session-token'] ?? '').toLowerCase();
    if (!TOKEN.test(token)) {
      token = crypto.randomBytes(16).toString('hex');
      reply.header('session-token', token);
    }
    req.visitor = token;
  });

  app.setErrorHandler((err, req, reply) => {
    let api: ApiError;
    if (err instanceof ApiError) api = err;
    else if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') api = errors.tooLarge(64 * 1024);
    else if ((err as { statusCode?: number }).statusCode === 429) api = errors.rateLimited();
    else if ((err as { statusCode?: number }).statusCode && (err as { statusCode: number }).statusCode < 500)
      api = errors.badParam('request', (err as Error).message);
    else {
      req.log.error(err);
      api = errors.internal();
    }
    return sendResponse(req, reply, errorResponse(api.spec), api.spec.status);
  });
});
