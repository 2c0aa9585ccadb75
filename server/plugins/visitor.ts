import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clientAddress } from './limits.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's SESSION-TOKEN (made by the server when the call brought none it accepts). */
    visitor: string;
    /** The token was made for this request: the visitor has no favorites, views or likes yet. */
    newVisitor: boolean;
    /** The device's own SESSION-TOKEN: req.visitor is its group's key while the device is linked. */
    deviceToken: string;
  }
}

/** Where a request keeps its session id (read through req.visitor, which marks the answer personal). */
const TOKEN = Symbol('visitor token');
const PERSONAL = Symbol('answer depends on the visitor');
type Marked = { [TOKEN]?: string; [PERSONAL]?: boolean };

/** Answers no cache may keep or hand to anyone else. */
const PRIVATE = 'private, no-store';

/** Our own tokens: 32 hex digits (compared in lower case, as the server makes them). */
const OURS = /^[0-9a-f]{32}$/i;
/** A client-made id of a safe form: 8 to 64 letters, digits, '-' and '_' (a UUID passes as sent). */
const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** Python's repr of a UUID, as one client sends it: UUID('…'). */
const UUID_REPR = /^UUID\((['"])([0-9A-Fa-f-]{32,36})\1\)$/;
/** Placeholders a client sends when it has no id: taken as no id (otherwise every such client would share one visitor). */
const PLACEHOLDER = /^(null|undefined|none|nil|nan|unknown|anonymous)$/i;

/**
 * The session id a SESSION-TOKEN header names, or null for none (then the
 * server makes a token and sends it back in the answer's SESSION-TOKEN
 * header). Accepted: our 32-hex tokens (in lower case), and any client-made
 * id of 8 to 64 letters, digits, '-' and '_' (a UUID as sent, case kept);
 * `UUID('…')` is its UUID. Not accepted: anything else, the literal `null`
 * and other placeholders, and ids of one repeated character (the nil UUID),
 * which many clients would share.
 */
export function sessionId(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  let t = header.trim();
  t = UUID_REPR.exec(t)?.[2] ?? t;
  if (OURS.test(t)) t = t.toLowerCase();
  if (!CLIENT_ID.test(t) || PLACEHOLDER.test(t) || !twoSymbols(t)) return null;
  return t;
}

/** Whether an id holds at least two different characters besides '-' (the nil UUID holds one): a loop, not a Set of its characters, on every call. */
function twoSymbols(t: string): boolean {
  let first = -1;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 45) continue;
    if (first === -1) first = c;
    else if (c !== first) return true;
  }
  return false;
}

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
/** Tokens whose visitor row is known to exist: spares a read per write. */
const KNOWN_MAX = 100_000;

/**
 * The visitor session of every /api call: req.visitor from the
 * SESSION-TOKEN header (sessionId()), or a new token sent back in the
 * answer's header. A write (route config write(): server/lib/route.ts) is
 * counted in the visitor's one write bucket (a write without a token: in its
 * client address's), then makes the visitor's row if there is none yet,
 * counted against the client address's new-visitor limit
 * (server/plugins/limits.ts). Reads make no row, whatever token they bring.
 * An answer a route made from the visitor (it read req.visitor), or one
 * bringing a new token, is `Cache-Control: private, no-store`.
 */
export default fp((app, _opts, done) => {
  // Reading req.visitor is what makes an answer per-visitor: it is then sent `private, no-store`
  // (as is an answer carrying a new session token); answers no route made personal keep their caching.
  app.decorateRequest('visitor', {
    getter() {
      (this as Marked)[PERSONAL] = true;
      return (this as Marked)[TOKEN] ?? '';
    },
    setter(v: string) {
      (this as Marked)[TOKEN] = v;
    },
  });
  // A callback hook, not an async one: every API answer runs it, and a promise each costs on the busiest routes (bench/api).
  app.addHook('onSend', (req, reply, payload, next) => {
    if ((req as Marked)[PERSONAL] || reply.hasHeader('session-token')) reply.header('cache-control', PRIVATE);
    next(null, payload);
  });
  app.decorateRequest('newVisitor', false);
  app.decorateRequest('deviceToken', '');
  const known = new Set<string>();
  const admit = async (req: FastifyRequest, given: string | null, token: string): Promise<void> => {
    req.visitor = given ? ((await app.repos.deviceLinks.groupOf(token)) ?? token) : token;
    if (!req.routeOptions.config?.write) return;
    await app.limits.write(req, given ? `v:${token}` : `a:${clientAddress(req)}`);
    if (known.has(token)) return;
    if (!given || !(await app.repos.visitors.exists(token))) await app.limits.newVisitor(req);
    await app.repos.visitors.ensure(token);
    if (known.size >= KNOWN_MAX) known.clear();
    known.add(token);
  };
  app.addHook('onRequest', (req, reply, next) => {
    const given = sessionId(req.headers['session-token']);
    const token = given ?? newToken();
    if (!given) {
      req.newVisitor = true;
      reply.header('session-token', token);
    }
    req.deviceToken = token;
    // A linked device reads and writes its group's reading (server/repos/deviceLinks.ts); a new token is in none.
    // A read whose group this process knows (as groupOf would answer it) goes on at once, with no promise;
    // a write, or a group to look up, waits.
    const group = given ? app.repos.deviceLinks.cachedGroupOf(given) : null;
    if (group !== undefined && !req.routeOptions.config?.write) {
      req.visitor = group ?? token;
      return next();
    }
    admit(req, given, token).then(() => next(), next);
  });
  done();
});
