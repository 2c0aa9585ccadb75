import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  preParsingHookHandler,
} from 'fastify';
import { CONSOLE_ROUTES, type ConsoleRouteKey } from '../../core/console/routes/index.js';
import type { Method, RouteSpec } from '../../core/console/routes/spec.js';

/** Where the console API is mounted (server/routes/console/api/). */
const API_PREFIX = '/console/api';

type Spec<K extends ConsoleRouteKey> = (typeof CONSOLE_ROUTES)[K];
type Pick1<S, F extends string> = S extends Record<F, infer T> ? T : undefined;

/** A route's schema as Fastify takes it, from its entry in the table. */
type SchemaOf<S extends RouteSpec> = {
  params: Pick1<S, 'params'>;
  querystring: Pick1<S, 'query'>;
  body: Pick1<S, 'body'>;
  response: S extends { response: infer R } ? Record<S extends { status: infer C extends 201 | 202 } ? C : 200, R> : Record<never, never>;
};

/** The handler of a route, typed by the TypeBox type provider from the route's schemas. */
export type ConsoleHandler<K extends ConsoleRouteKey> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<Spec<K>>,
  TypeBoxTypeProvider
>;

/** The OpenAPI fragment and Fastify schema of a route's entry (public steps need no credential: `security: []`). */
function schemaOf(spec: RouteSpec) {
  return {
    summary: spec.summary,
    ...(spec.access === 'public' ? { security: [] } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.response ? { response: { [spec.status ?? 200]: spec.response } } : {}),
  };
}

/**
 * What a route module may add to a route's registration, beyond the table:
 * a raw body's refusal before it is read (`preParsing`: its declared size, its
 * type), and HEAD answered by the same handler (`alsoHead`: tus asks where an
 * upload stands with a HEAD, under the PATCH's access).
 */
export interface RouteExtras {
  preParsing?: preParsingHookHandler;
  alsoHead?: boolean;
}

/**
 * Registers the handler of a console route from the one table
 * (core/console/routes/): its access, schemas and answer's status come from
 * there, its types too. Called in the route module of the route's folder
 * (the folder is the URL): the path is made relative to the folder's prefix,
 * and a route registered in another area's folder fails at start.
 */
export function handle<K extends ConsoleRouteKey>(
  app: FastifyInstance,
  key: K,
  handler: ConsoleHandler<K>,
  extras: RouteExtras = {},
): void {
  const spec: RouteSpec = CONSOLE_ROUTES[key];
  const [method, path] = key.split(' ') as [Method, string];
  const folder = app.prefix.slice(API_PREFIX.length);
  if (!app.prefix.startsWith(API_PREFIX) || (path !== folder && !path.startsWith(`${folder}/`)))
    throw new Error(`${key} is registered in ${app.prefix}, not in its own folder`);
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    method: extras.alsoHead ? [method, 'HEAD'] : method,
    url: path.slice(folder.length) || '/',
    config: { access: spec.access },
    schema: schemaOf(spec),
    ...(extras.preParsing ? { preParsing: extras.preParsing } : {}),
    handler: handler as RouteHandlerMethod,
  });
}
