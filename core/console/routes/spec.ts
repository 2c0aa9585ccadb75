import type { Static, TSchema } from '@sinclair/typebox';
import type { Access } from '../roles.js';

/**
 * One console API route, "METHOD /path" under /console/api: who may call it
 * and the shapes it takes and gives. The server registers its handler from
 * this (server/lib/consoleRoute.ts: the TypeBox type provider types the
 * handler by these schemas; @fastify/swagger writes the OpenAPI document
 * from them), the console calls it by its key (console/api/call.ts), and the
 * access test walks the same table for every role.
 */
export interface RouteSpec {
  access: Access;
  /** One line for the OpenAPI document. */
  summary: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The success status: 200 with `response`, 201 with `response` (made), 202 with `response` (accepted: a job), 204 with no body. */
  status?: 200 | 201 | 202 | 204;
  /** The success answer (none: 204, or a file streamed by the handler). */
  response?: TSchema;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The static type of a schema slot, or `undefined` where the route has none. */
export type StaticOf<S> = S extends TSchema ? Static<S> : undefined;
