import { ErrorResult_Action } from '../../core/gen/manga/v1/response_pb.js';
import type { ApiErrorSpec } from './proto.js';

/** A failure the API answers with the protobuf error envelope. */
export class ApiError extends Error {
  constructor(
    readonly spec: ApiErrorSpec,
    /** Seconds to wait, sent as Retry-After (a rate limit). */
    readonly retryAfter?: number,
  ) {
    super(spec.debug);
  }
}

const msg = (en: [string, string], es: [string, string]) => ({
  en: { subject: en[0], body: en[1] },
  es: { subject: es[0], body: es[1] },
});

/** The catalogue of failures, each with its code, status and both popups. */
export const errors = {
  badParam: (name: string, why = 'is missing or malformed') =>
    new ApiError({
      status: 400,
      code: 10400,
      ...msg(['Invalid request', 'The request could not be understood.'], ['Solicitud no válida', 'No se pudo entender la solicitud.']),
      debug: `parameter ${name} ${why}`,
    }),
  titleNotFound: (id: number | string) =>
    new ApiError({
      status: 404,
      code: 10404,
      ...msg(['Title not found', 'This title is not available.'], ['Título no encontrado', 'Este título no está disponible.']),
      debug: `title ${id} not found`,
    }),
  chapterNotFound: (id: number | string) =>
    new ApiError({
      status: 404,
      code: 10405,
      ...msg(['Chapter not found', 'This chapter is not available.'], ['Capítulo no encontrado', 'Este capítulo no está disponible.']),
      debug: `chapter ${id} not found`,
    }),
  chapterNotReadable: (id: number | string, why: string) =>
    new ApiError({
      status: 403,
      code: 10407,
      ...msg(
        ['Chapter not available', 'This chapter cannot be read at the moment.'],
        ['Capítulo no disponible', 'Este capítulo no se puede leer en este momento.'],
      ),
      debug: `chapter ${id} is ${why}`,
    }),
  /** A console preview link that is unknown, expired or made for another chapter: the same answer for each. */
  previewExpired: () =>
    new ApiError({
      status: 404,
      code: 10412,
      ...msg(
        ['Preview link expired', 'This preview link has expired or is not valid. Preview the chapter again from the console.'],
        [
          'Enlace de vista previa caducado',
          'Este enlace de vista previa ha caducado o no es válido. Vuelve a abrir la vista previa del capítulo desde la consola.',
        ],
      ),
      debug: 'preview link unknown, expired or made for another chapter',
    }),
  alreadyAnswered: (key: string) =>
    new ApiError({
      status: 409,
      code: 10409,
      ...msg(
        ['Survey already taken', 'You have already answered this survey.'],
        ['Encuesta ya respondida', 'Ya respondió a esta encuesta.'],
      ),
      debug: `questionnaire ${key} already answered by this visitor`,
    }),
  notFound: (what: string, code = 10406) =>
    new ApiError({
      status: 404,
      code,
      ...msg(['Not found', 'The requested item does not exist.'], ['No encontrado', 'El elemento solicitado no existe.']),
      debug: `${what} not found`,
    }),
  unknownRoute: (method: string, url: string) =>
    new ApiError({
      status: 404,
      code: 10410,
      ...msg(['Not found', 'This page does not exist.'], ['No encontrado', 'Esta página no existe.']),
      debug: `no route ${method} ${url}`,
    }),
  methodNotAllowed: (method: string) =>
    new ApiError({
      status: 405,
      code: 10411,
      ...msg(['Not found', 'This page does not exist.'], ['No encontrado', 'Esta página no existe.']),
      debug: `method ${method.slice(0, 16)} is not served`,
    }),
  badBody: (why: string) =>
    new ApiError({
      status: 400,
      code: 10420,
      ...msg(
        ['Invalid answer', 'Please check your answers and try again.'],
        ['Respuesta no válida', 'Revise sus respuestas e inténtelo de nuevo.'],
      ),
      debug: why,
    }),
  tooLarge: (limit: number) =>
    new ApiError({
      status: 413,
      code: 10413,
      ...msg(['Too large', 'What you sent is too large.'], ['Demasiado grande', 'Lo que envió es demasiado grande.']),
      debug: `body over ${limit} bytes`,
    }),
  rateLimited: (retryAfter = 60) =>
    new ApiError(
      {
        status: 429,
        code: 10429,
        ...msg(
          ['Too many requests', 'Please wait a moment and try again.'],
          ['Demasiadas solicitudes', 'Espere un momento e inténtelo de nuevo.'],
        ),
        debug: 'rate limit exceeded',
      },
      Math.max(1, Math.ceil(retryAfter)),
    ),
  headersTooLarge: (limit: number) =>
    new ApiError({
      status: 431,
      code: 10431,
      ...msg(['Too large', 'What you sent is too large.'], ['Demasiado grande', 'Lo que envió es demasiado grande.']),
      debug: `request line and headers over ${limit} bytes`,
    }),
  timeout: () =>
    new ApiError({
      status: 408,
      code: 10408,
      ...msg(['Connection problem', 'Please try again.'], ['Problema de conexión', 'Inténtelo de nuevo.']),
      debug: 'the request did not arrive in time',
    }),
  maintenance: () =>
    new ApiError({
      status: 503,
      code: 10503,
      action: ErrorResult_Action.MAINTENANCE,
      ...msg(
        ['Under maintenance', 'The service is under maintenance. Please come back later.'],
        ['En mantenimiento', 'El servicio está en mantenimiento. Vuelva más tarde.'],
      ),
      debug: 'maintenance mode',
    }),
  geoBlocked: (region: string) =>
    new ApiError({
      status: 403,
      code: 10451,
      action: ErrorResult_Action.GEOIP_BLOCKING,
      ...msg(
        ['Not available in your region', 'This service is not available in your region.'],
        ['No disponible en su región', 'Este servicio no está disponible en su región.'],
      ),
      debug: `region ${region} is blocked`,
    }),
  internal: () =>
    new ApiError({
      status: 500,
      code: 10500,
      ...msg(['Error', 'Something went wrong. Please try again later.'], ['Error', 'Algo salió mal. Inténtelo más tarde.']),
      debug: 'internal error',
    }),
};
