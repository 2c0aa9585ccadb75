/**
 * What the standard OpenTelemetry variables ask of tracing: whether it is on
 * at all, and which instrumentations. Read by server/telemetry.ts (which
 * starts the SDK before the app) and by the app's own request spans
 * (server/plugins/tracing.ts), so both agree without sharing state.
 */
type Env = Record<string, string | undefined>;

const listed = (v: string | undefined) =>
  new Set(
    (v ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

/** The exporters OTEL_TRACES_EXPORTER names ('none' is none). */
export function traceExporters(env: Env): string[] {
  return [...listed(env.OTEL_TRACES_EXPORTER)].filter((s) => s !== 'none');
}

/** On when an exporter or an OTLP endpoint is named, never with OTEL_SDK_DISABLED=true. */
export function tracingEnabled(env: Env): boolean {
  return (
    env.OTEL_SDK_DISABLED?.toLowerCase() !== 'true' &&
    (traceExporters(env).length > 0 || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT))
  );
}

/**
 * Whether an instrumentation is wanted (all are by default):
 * OTEL_NODE_ENABLED_INSTRUMENTATIONS and OTEL_NODE_DISABLED_INSTRUMENTATIONS,
 * as the auto-instrumentations package reads them. Ours are named
 * fastify (the request spans), http (outgoing calls), pg and ioredis.
 */
export function instrumentationWanted(env: Env, name: string): boolean {
  const only = listed(env.OTEL_NODE_ENABLED_INSTRUMENTATIONS);
  return (only.size === 0 || only.has(name)) && !listed(env.OTEL_NODE_DISABLED_INSTRUMENTATIONS).has(name);
}
