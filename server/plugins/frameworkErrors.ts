import type { Socket } from 'node:net';
import { toBinary, toJson } from '@bufbuild/protobuf';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSchema } from '../../core/gen/manga/v1/response_pb.js';
import { errors, type ApiError } from '../lib/errors.js';
import { errorResponse, PROTOBUF, sendResponse } from '../lib/proto.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries (server/plugins/external.ts). */
    securityHeaders: Record<string, string>;
  }
}

/**
 * Whether a URL is the reader API's. The one test of a URL for a scope, and only for
 * the failures that happen before routing (a URL that does not decode, Node's parser
 * errors): no route, so no Fastify scope, has been chosen yet. Everything after routing
 * is decided by the scope a route is registered in (server/plugins/api.ts).
 */
const isApiUrl = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');

/** Largest request head (request line and headers) read: over it the answer is 431. */
export const MAX_HEADER_SIZE = 16 * 1024;

/**
 * Fastify's frameworkErrors option: a URL that does not decode
 * (`/api/language%`) or a path parameter over its length, failed while
 * routing, before any hook. Answered like every other failure: the error
 * envelope under /api, a problem document under /console/api, plain text
 * elsewhere, with the security headers.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.headers(req.server.securityHeaders);
  const api = errors.badParam('url', `is malformed (${error.code})`);
  // The console's failures before routing answer in its form (problem+json), like those after.
  if (req.url.startsWith('/console/api/')) {
    const problem = {
      type: 'urn:problem:validation',
      title: 'Bad request',
      status: 400,
      detail: 'The address is malformed.',
      code: 'validation',
    };
    return reply.code(400).header('cache-control', 'no-store').type('application/problem+json').send(JSON.stringify(problem));
  }
  if (!isApiUrl(req.url)) return reply.code(400).type('text/plain; charset=utf-8').send('Bad Request');
  // The query string did not decode either, maybe: ask for JSON by the raw URL.
  Object.defineProperty(req, 'query', { value: { format: /[?&]format=json(&|$)/.test(req.url) ? 'json' : '' } });
  return sendResponse(req, reply, errorResponse(api.spec), api.spec.status);
}

/** Node's HTTP parser errors by code: the answer's failure. */
function clientFailure(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return errors.headersTooLarge(MAX_HEADER_SIZE);
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return errors.timeout();
  return errors.badParam('request', `is malformed (${code ?? 'unknown'})`);
}

/** The request line's target as far as the parser got (the raw packet it failed on), if any. */
function rawTarget(raw: unknown): string {
  // (Node gives a Buffer; Fastify's type says its JSON form.)
  const bytes = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
  const line = bytes.subarray(0, 8192).toString('latin1').split('\r\n', 1)[0] ?? '';
  return /^\S+ (\S+)/.exec(line)?.[1] ?? '';
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Requests cut off because they did not arrive within REQUEST_TIMEOUT_MS
     * (answered 408 and closed), since start: `head` (the request line and
     * headers) and `body` (a head in full, its body not). For the metrics.
     */
    requestTimeouts: { head: number; body: number };
  }
}

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser refused before
 * Fastify saw it (an unknown method, a control character in a header, a
 * head over MAX_HEADER_SIZE: 431), or one that did not arrive in time (its
 * head or its body: REQUEST_TIMEOUT_MS, counted in app.requestTimeouts).
 * The answer is written on the socket as Node does, but in our form (rawAnswer).
 */
export function clientErrorHandler(this: FastifyInstance, err: ConnectionError, socket: Socket): void {
  const res = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' && this.hasDecorator('requestTimeouts')) {
    // A response object exists once the head was parsed: then it was the body that stopped arriving.
    this.requestTimeouts[res ? 'body' : 'head']++;
  }
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable || res?.headersSent) {
    socket.destroy(err);
    return;
  }
  rawAnswer(this, socket, clientFailure(err.code), rawTarget(err.rawPacket));
}

/**
 * CONNECT (Node hands it to the server's 'connect' event, and with no
 * listener drops the connection unanswered): 405, in our form.
 */
export function answerConnect(app: FastifyInstance): void {
  app.server.on('connect', (req: { url?: string }, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    rawAnswer(app, socket, errors.methodNotAllowed('CONNECT'), req.url ?? '');
  });
}

/**
 * An answer written on the socket, then closed: under /api (as far as the
 * request line was read) the error envelope (JSON with format=json),
 * elsewhere plain text, with the security headers.
 */
function rawAnswer(app: FastifyInstance, socket: Socket, api: ApiError, target: string): void {
  const envelope = errorResponse(api.spec);
  let type = 'text/plain; charset=utf-8';
  const reason =
    { 400: 'Bad Request', 405: 'Method Not Allowed', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[api.spec.status] ??
    'Error';
  let body = Buffer.from(reason);
  if (isApiUrl(target) || target === '') {
    const json = /[?&]format=json(&|$)/.test(target);
    type = json ? 'application/json; charset=utf-8' : PROTOBUF;
    body = json ? Buffer.from(JSON.stringify(toJson(ResponseSchema, envelope))) : Buffer.from(toBinary(ResponseSchema, envelope));
  }
  const headers = Object.entries({
    ...app.securityHeaders,
    'content-type': type,
    'content-length': String(body.length),
    connection: 'close',
  })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${api.spec.status} ${reason}\r\n${headers}\r\n`, 'latin1'), body]));
}
