import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { isApi } from '../lib/route.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's SESSION-TOKEN (created on first use). */
    visitor: string;
    /** The token was made for this request: the visitor has no favorites, views or likes yet. */
    newVisitor: boolean;
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
 * The visitor session of every /api call: req.visitor from the
 * SESSION-TOKEN header, or a new token sent back in the answer's header.
 * A visitor row is written on first use (a read without a token creates none).
 */
export default fp((app, _opts, done) => {
  app.decorateRequest('visitor', '');
  app.decorateRequest('newVisitor', false);
  const known = new Set<string>();
  app.addHook('onRequest', async (req, reply) => {
    if (!isApi(req.url)) return;
    let token = String(req.headers['session-token'] ?? '').toLowerCase();
    const given = TOKEN.test(token);
    if (!given) {
      token = newToken();
      req.newVisitor = true;
      reply.header('session-token', token);
    }
    req.visitor = token;
    if (!known.has(token) && (given || req.method !== 'GET')) {
      await app.repos.visitors.ensure(token);
      if (known.size >= KNOWN_MAX) known.clear();
      known.add(token);
    }
  });
  done();
});
