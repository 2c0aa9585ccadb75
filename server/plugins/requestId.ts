import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { trace } from '@opentelemetry/api';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

const DEBUG_LEVELS = new Set(['debug', 'trace']);

/** An id a proxy may hand us: short, and nothing a log reader's terminal would interpret. */
const GOOD_ID = /^[\w.:@/+=-]{1,128}$/;

const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** Random bytes for 256 ids, drawn at once (as crypto.randomUUID does). */
const entropy = Buffer.alloc(16 * 256);
let drawn = entropy.length;
const text = Buffer.alloc(36);

/**
 * A random (version 4) UUID, as crypto.randomUUID() makes, but written as one
 * flat string: randomUUID() joins five parts, and Node's check of every
 * answer's header values (X-Request-Id) then has to flatten that string
 * again, which cost more than drawing the id (bench/api).
 */
export function newRequestId(): string {
  if (drawn === entropy.length) {
    crypto.randomFillSync(entropy);
    drawn = 0;
  }
  let o = 0;
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) text[o++] = 0x2d;
    let b = entropy[drawn + i];
    // The version (4) and the variant (10xx) bits.
    if (i === 6) b = (b & 0x0f) | 0x40;
    else if (i === 8) b = (b & 0x3f) | 0x80;
    text[o++] = HEX[b >> 4];
    text[o++] = HEX[b & 15];
  }
  drawn += 16;
  return text.toString('latin1', 0, 36);
}

/**
 * The request's id (Fastify's genReqId): the X-Request-Id of a trusted
 * proxy (TRUST_PROXY set), so one request is followed across the proxy and
 * the nodes; else, or when it is not a plausible id, a new UUID. A client
 * that is not behind a trusted proxy cannot choose the id in our logs.
 */
export function requestIdGenerator(config: Pick<Config, 'trustProxy'>): (req: IncomingMessage) => string {
  const trusted = config.trustProxy !== false;
  return (req) => {
    const given = req.headers['x-request-id'];
    return trusted && typeof given === 'string' && GOOD_ID.test(given) ? given : newRequestId();
  };
}

/**
 * What pino blanks in every log line: secrets a request or a logged object
 * may carry (the visitor's session token, cookies, staff credentials, a push
 * subscription's endpoint and keys). Paths cover the request serializer's
 * headers and objects logged as they are.
 */
const SECRET_FIELDS = ['token', 'sessionToken', 'password', 'secret', 'cookie', 'authorization', 'endpoint', 'keys', 'auth', 'p256dh'];
const SECRET_HEADERS = ['cookie', 'authorization', '"session-token"', '"x-staff-token"', '"x-csrf-token"', '"set-cookie"'];
const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...['headers', 'req.headers', 'res.headers', 'resHeaders'].flatMap((h) =>
    SECRET_HEADERS.map((k) => `${h}${k.startsWith('"') ? `[${k}]` : `.${k}`}`),
  ),
];

function traceIds(): object {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx ? { traceId: ctx.traceId, spanId: ctx.spanId } : {};
}

/** The logger options every app gets under the caller's (level, stream). */
export function loggerOptions<T extends object>(given: T): T & object {
  return {
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // With tracing on (server/telemetry.ts), each line names its trace; without, nothing is added.
    mixin: traceIds,
    ...given,
  };
}

/**
 * Returns the request's id in X-Request-Id and, when the app's logger was
 * built at level debug or trace, writes one debug line per answer (method,
 * route, status, time; the headers redacted). Health checks are left out (a
 * proxy calls them every second or two).
 */
export default fp((app, _opts, done) => {
  app.addHook('onRequest', (req, reply, next) => {
    reply.header('x-request-id', req.id);
    next();
  });
  // Only where the level asked for at start takes debug lines: any onResponse hook costs every request two
  // listeners on the answer (Fastify's setupResponseListeners), which bench/api's busiest routes feel.
  if (!DEBUG_LEVELS.has(app.log.level)) return done();
  app.addHook('onResponse', (req, reply, next) => {
    if (!req.routeOptions.config?.quiet) {
      req.log.debug(
        {
          req: { method: req.method, url: req.url.split('?')[0] },
          res: { statusCode: reply.statusCode },
          headers: req.headers,
          resHeaders: reply.getHeaders(),
          ms: Math.round(reply.elapsedTime),
        },
        'answered',
      );
    }
    next();
  });
  done();
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Not in the debug request log (health checks). */
    quiet?: boolean;
  }
}
