import AjvCompiler from '@fastify/ajv-compiler';
import FjsCompiler from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';

type Validate = ((data: unknown, dataCxt?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type Schema = { properties?: Record<string, unknown>; required?: string[] } & Record<string, unknown>;
type Route = FastifyRouteSchemaDef<unknown>;
/** Fastify's compilersFactory, as it calls it: shared schemas and options, then a compiler of route schemas. */
type Factory<F> = (external: unknown, options: unknown) => (route: Route) => F;
type Serialize = (data: unknown) => string;

/** Header names are case-insensitive; Fastify lower-cases a headers schema itself only for its own compiler. */
function lowerCaseHeaders(schema: Schema): Schema {
  if (!schema.properties) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k.toLowerCase(), v])),
    ...(schema.required ? { required: schema.required.map((k) => k.toLowerCase()) } : {}),
  };
}

/**
 * Fastify's own compilers (Ajv for what a route takes, fast-json-stringify
 * for what it answers), run for a route's schema on its first request rather
 * than at start. Every console route declares both, and compiled they held
 * about 6 MB of live heap on every node, though most nodes serve readers and
 * never answer a console call: a heap the garbage collector walks on every
 * reader's request (bench/api's manga_viewer ratio). A route's
 * first call pays its compilation once (a few ms). The behaviour is
 * Fastify's: the same compilers, options and shared schemas, the errors Ajv
 * reports. `compileAll` compiles whatever is still waiting, so a test can
 * show that every schema compiles (an invalid one would otherwise surface
 * on a route's first call, not at start).
 */
export function lazySchemas(): { schemaController: NonNullable<FastifyServerOptions['schemaController']>; compileAll: () => number } {
  const ajv = AjvCompiler() as unknown as Factory<Validate>;
  const fjs = FjsCompiler() as unknown as Factory<Serialize>;
  const waiting = new Set<() => void>();
  /** A compiled function made on first use (and by compileAll). */
  const later = <F>(make: () => F) => {
    let made: F | undefined;
    const get = (): F => {
      if (made === undefined) {
        made = make();
        waiting.delete(get);
      }
      return made;
    };
    waiting.add(get);
    return get;
  };
  const buildValidator: Factory<Validate> = (external, options) => {
    let compiler: ((route: Route) => Validate) | undefined;
    return (route) => {
      const def = route.httpPart === 'headers' ? { ...route, schema: lowerCaseHeaders(route.schema as Schema) } : route;
      const fn = later(() => (compiler ??= ajv(external, options))(def));
      const validate: Validate = (data, dataCxt) => {
        const real = fn();
        const result = real(data, dataCxt);
        validate.errors = real.errors;
        return result;
      };
      // Fastify passes Ajv's functions their parent (so a coerced root value is written back); this one takes it too.
      validate.schemaEnv = true;
      return validate;
    };
  };
  const buildSerializer: Factory<Serialize> = (external, options) => {
    let compiler: ((route: Route) => Serialize) | undefined;
    return (route) => {
      const fn = later(() => (compiler ??= fjs(external, options))(route));
      return (data: unknown) => fn()(data);
    };
  };
  return {
    schemaController: { compilersFactory: { buildValidator, buildSerializer } as never },
    compileAll: () => {
      const n = waiting.size;
      for (const get of [...waiting]) get();
      return n;
    },
  };
}
