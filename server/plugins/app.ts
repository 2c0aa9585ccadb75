import crypto from 'node:crypto';
import querystring from 'node:querystring';
import fp from 'fastify-plugin';
import { ApiError, errors } from '../lib/errors.js';
import { errorResponse, sendResponse } from '../lib/proto.js';
import { makeRepos, type Repos } from '../repos/index.js';
import { makeViews, type Views } from '../lib/views/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repos;
    views: Views;
  }
  interface FastifyRequest {
    /** The visitor's SESSION-TOKEN (created on first use). */
    visitor: string;
    /** The token was made for this request: the visitor has no favorites, views or likes yet. */
    newVisitor: boolean;
  }
  interface FastifyContextConfig {
    /** A content call: refused with GEOIP_BLOCKING in blocked regions. */
    content?: boolean;
  }
}

const TOKEN = /^[0-9a-f]{32}$/;

/** New session tokens: 128 random bits each, drawn from a pool refilled 4 KiB at a time. */
let pool = Buffer.alloc(0);
let poolAt = 0;
function newToken(): string {
  if (poolAt + 16 > pool.length) {
    pool = crypto.randomBytes(4096);
    poolAt = 0;
  }
  poolAt += 16;
  return pool.toString('hex', poolAt - 16, poolAt);
}
/** Tokens whose visitor row is known to exist: spares a write per request. */
const KNOWN_MAX = 100_000;

/**
 * Application plumbing shared by every /api route: repositories and views,
 * the visitor from the SESSION-TOKEN header, the maintenance and region
 * switches, body parsing, and the one error handler that turns every
 * failure into the protobuf error envelope.
 */
export default fp(async (app) => {
  const repos = makeRepos(app.db);
  app.decorate('repos', repos);
  app.decorate('views', makeViews(repos, app.config));
  app.decorateRequest('visitor', '');
  app.decorateRequest('newVisitor', false);
  app.addHook('onClose', async () => {
    app.views.close();
    await repos.views.close();
  });

  // Bodies: JSON (an empty body is no body), forms, and anything else ignored.
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(errors.badBody('the body is not valid JSON'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, { ...querystring.parse(String(body)) });
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, undefined));

  const known = new Set<string>();
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') && req.url !== '/api') return;
    const cfg = app.config;
    if (cfg.maintenance) throw errors.maintenance();
    if (req.routeOptions.config?.content && cfg.blockedRegions.length) {
      const region = String(req.headers[cfg.regionHeader] ?? '')
        .trim()
        .toUpperCase();
      if (region && cfg.blockedRegions.includes(region)) throw errors.geoBlocked(region);
    }

    let token = String(req.headers['session-token'] ?? '').toLowerCase();
    const given = TOKEN.test(token);
    if (!given) {
      token = newToken();
      req.newVisitor = true;
      reply.header('session-token', token);
    }
    req.visitor = token;
    // A visitor row on first use; a read without a token creates none.
    if (!known.has(token) && (given || req.method !== 'GET')) {
      await repos.visitors.ensure(token);
      if (known.size >= KNOWN_MAX) known.clear();
      known.add(token);
    }
  });

  app.setErrorHandler((err, req, reply) => {
    let api: ApiError;
    const e = err as { code?: string; statusCode?: number; message?: string };
    if (err instanceof ApiError) api = err;
    else if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') api = errors.tooLarge(app.config.bodyLimit);
    else if (e.statusCode === 429) api = errors.rateLimited();
    else if (e.statusCode && e.statusCode < 500) api = errors.badParam('request', e.message ?? 'is malformed');
    else {
      req.log.error(err);
      api = errors.internal();
    }
    if (api.spec.status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
    return sendResponse(req, reply, errorResponse(api.spec), api.spec.status);
  });
});
