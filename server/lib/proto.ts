import { create, toBinary, toJson, type MessageInitShape } from '@bufbuild/protobuf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ResponseSchema,
  SuccessResultSchema,
  ErrorResultSchema,
  ErrorResult_Action,
  type Response,
} from '../../core/gen/manga/v1/response_pb.js';
import { Popup_OSDefaultSchema, Language } from '../../core/gen/manga/v1/common_pb.js';

export const PROTOBUF = 'application/x-protobuf';

/** Sends a Response: binary protobuf, or canonical JSON with ?format=json. */
export function sendResponse(req: FastifyRequest, reply: FastifyReply, res: Response, status = 200): FastifyReply {
  const q = req.query as Record<string, unknown> | undefined;
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

export function sendEncoded(req: FastifyRequest, reply: FastifyReply, e: Encoded): FastifyReply {
  const q = req.query as Record<string, unknown> | undefined;
  if (q?.format === 'json') return sendResponse(req, reply, e.res);
  return reply.type(PROTOBUF).send(e.bin);
}
