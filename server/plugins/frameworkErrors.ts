import type { Socket } from 'node:net';
import { toBinary, toJson } from '@bufbuild/protobuf';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSchema } from '../../core/gen/manga/v1/response_pb.js';
import { errors, type ApiError } from '../lib/errors.js';
import { errorResponse, PROTOBUF, sendResponse } from '../lib/proto.js';
import { isApi } from '../lib/route.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries (server/plugins/external.ts). */
    securityHeaders: Record<string, string>;
  }
}

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
  if (!isApi(req.url)) return reply.code(400).type('text/plain; charset=utf-8').send('Bad Request');
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

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser refused before
 * Fastify saw it (an unknown method, a control character in a header, a
 * head over MAX_HEADER_SIZE: 431, a timeout). The answer is written on the
 * socket as Node does, but in our form: under /api (as far as the request
 * line was read) the error envelope (JSON with format=json), elsewhere plain
 * text, with the security headers; then the connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, err: ConnectionError, socket: Socket): void {
  const res = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable || res?.headersSent) {
    socket.destroy(err);
    return;
  }
  const api = clientFailure(err.code);
  const target = rawTarget(err.rawPacket);
  const envelope = errorResponse(api.spec);
  let type = 'text/plain; charset=utf-8';
  let body = Buffer.from(api.spec.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request');
  if (isApi(target) || target === '') {
    const json = /[?&]format=json(&|$)/.test(target);
    type = json ? 'application/json; charset=utf-8' : PROTOBUF;
    body = json ? Buffer.from(JSON.stringify(toJson(ResponseSchema, envelope))) : Buffer.from(toBinary(ResponseSchema, envelope));
  }
  const headers = Object.entries({
    ...this.securityHeaders,
    'content-type': type,
    'content-length': String(body.length),
    connection: 'close',
  })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[api.spec.status] ?? 'Error';
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${api.spec.status} ${reason}\r\n${headers}\r\n`, 'latin1'), body]));
}
