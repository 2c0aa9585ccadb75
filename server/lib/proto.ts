import { clone, create, toBinary, toJson, type MessageInitShape } from '@bufbuild/protobuf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ResponseSchema,
  SuccessResultSchema,
  ErrorResultSchema,
  ErrorResult_Action,
  type Response,
} from '../../core/gen/manga/v1/response_pb.js';
import { Popup_OSDefaultSchema, Language } from '../../core/gen/manga/v1/common_pb.js';
import { absoluteUrls } from './absoluteUrls.js';

export const PROTOBUF = 'application/x-protobuf';

/** The base URLs in answers are made absolute from: PUBLIC_URL, else the request's scheme and host (TRUST_PROXY: the proxy's). */
function base(req: FastifyRequest): string {
  return req.server.config.publicUrl || `${req.protocol}://${req.host}`;
}

/** Sends a Response (every URL in it made absolute): binary protobuf, or canonical JSON with ?format=json. */
export function sendResponse(req: FastifyRequest, reply: FastifyReply, res: Response, status = 200): FastifyReply {
  const q = req.query as Record<string, unknown> | undefined;
  absoluteUrls(ResponseSchema, res, base(req));
  reply.code(status);
  if (q?.format === 'json') {
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(toJson(ResponseSchema, res)));
  }
  return reply.type(PROTOBUF).send(Buffer.from(toBinary(ResponseSchema, res)));
}

/** Sends a success Response carrying the given SuccessResult fields. */
export function sendSuccess(
  req: FastifyRequest,
  reply: FastifyReply,
  success: MessageInitShape<typeof SuccessResultSchema> = {},
): FastifyReply {
  const res = create(ResponseSchema, { result: { case: 'success', value: create(SuccessResultSchema, success) } });
  return sendResponse(req, reply, res);
}

export interface ApiErrorSpec {
  status: number;
  /** Stable numeric code shown at the end of the popup body, e.g. 10404. */
  code: number;
  action?: ErrorResult_Action;
  en: { subject: string; body: string };
  es: { subject: string; body: string };
  debug: string;
}

/** Builds the protobuf error envelope for a failure. */
export function errorResponse(spec: ApiErrorSpec): Response {
  const en = create(Popup_OSDefaultSchema, {
    subject: spec.en.subject,
    body: `${spec.en.body} (${spec.code})`,
    okButton: { text: 'OK' },
    language: Language.ENGLISH,
  });
  const es = create(Popup_OSDefaultSchema, {
    subject: spec.es.subject,
    body: `${spec.es.body} (${spec.code})`,
    okButton: { text: 'Aceptar' },
    language: Language.SPANISH,
  });
  const error = create(ErrorResultSchema, {
    action: spec.action ?? ErrorResult_Action.DEFAULT,
    englishPopup: en,
    spanishPopup: es,
    debugInfo: spec.debug,
    popups: [en, es],
  });
  return create(ResponseSchema, { result: { case: 'error', value: error } });
}

/** A Response computed once and sent many times: its binary form is kept. */
export interface Encoded {
  res: Response;
  bin: Buffer;
}

export function encodeSuccess(success: MessageInitShape<typeof SuccessResultSchema>): Encoded {
  const res = create(ResponseSchema, { result: { case: 'success', value: create(SuccessResultSchema, success) } });
  return { res, bin: Buffer.from(toBinary(ResponseSchema, res)) };
}

/** A cached answer's copies with absolute URLs, per base: they live as long as the cached answer. */
const absolute = new WeakMap<Encoded, Map<string, Encoded>>();
/** Bases remembered per answer (a Host header is the client's to choose: beyond these, copies are made per request). */
const BASES_KEPT = 8;

/** The cached answer with its URLs made absolute from base: encoded once per answer and base, never shared between hosts. */
function absoluteEncoded(e: Encoded, b: string): Encoded {
  let copies = absolute.get(e);
  const hit = copies?.get(b);
  if (hit) return hit;
  const res = absoluteUrls(ResponseSchema, clone(ResponseSchema, e.res), b);
  const out = { res, bin: Buffer.from(toBinary(ResponseSchema, res)) };
  if (!copies) absolute.set(e, (copies = new Map<string, Encoded>()));
  if (copies.size < BASES_KEPT) copies.set(b, out);
  return out;
}

/** Sends an answer computed once (services' cache) with its URLs made absolute for this request. */
export function sendEncoded(req: FastifyRequest, reply: FastifyReply, e: Encoded): FastifyReply {
  const q = req.query as Record<string, unknown> | undefined;
  const abs = absoluteEncoded(e, base(req));
  if (q?.format === 'json') return sendResponse(req, reply, abs.res);
  return reply.type(PROTOBUF).send(abs.bin);
}
