/**
 * OpenTelemetry tracing, loaded before the app (`node --import tsx --import
 * ./server/telemetry.ts server/main.ts`, which `npm start` does) so that
 * outgoing HTTP, pg and ioredis are instrumented as they load (the request
 * spans are the app's own: server/plugins/tracing.ts). Off by default:
 * it starts only when the standard variables ask for traces
 * (OTEL_TRACES_EXPORTER=otlp|console|zipkin, or an OTLP endpoint in
 * OTEL_EXPORTER_OTLP_ENDPOINT / OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), and
 * never with OTEL_SDK_DISABLED=true. Everything else (sampling, headers,
 * service name, propagators) is the SDK's own OTEL_* configuration. Without
 * it, this file loads nothing else.
 */
import { instrumentationWanted, traceExporters, tracingEnabled } from './lib/otelEnv.js';

const env = process.env;
const exporters = traceExporters(env);
const enabled = tracingEnabled(env);

if (enabled) {
  // ES modules are wrapped as they load (import-in-the-middle); CommonJS ones (pg, ioredis) by require hooks.
  const { register } = await import('node:module');
  register(import.meta.resolve('@opentelemetry/instrumentation/hook.mjs'));
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  env.OTEL_SERVICE_NAME ??= 'manga-reader';
  // Production's default sampling: a trace the proxy began is followed as it was sampled; a new one is kept
  // one time in ten (bench/apiOps measures the cost at this rate and with every request sampled). The SDK's
  // own variables choose another (OTEL_TRACES_SAMPLER=always_on, or another ratio in OTEL_TRACES_SAMPLER_ARG).
  if (!env.OTEL_TRACES_SAMPLER) {
    env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
    env.OTEL_TRACES_SAMPLER_ARG ??= '0.1';
  }
  // The request spans are the app's own (server/plugins/tracing.ts, named fastify): the HTTP instrumentation
  // traces only the calls this node makes (push services, the object store) inside a traced request.
  // OTEL_NODE_ENABLED_INSTRUMENTATIONS / _DISABLED_ choose among them (server/lib/otelEnv.ts).
  const all = {
    http: () => new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
    pg: () => new PgInstrumentation({ requireParentSpan: true }),
    ioredis: () => new IORedisInstrumentation({ requireParentSpan: true }),
  };
  const sdk = new NodeSDK({
    instrumentations: Object.entries(all).flatMap(([name, make]) => (instrumentationWanted(env, name) ? [make()] : [])),
  });
  sdk.start();
  // The spans still batched go out before a clean stop (server/main.ts exits after closing the app).
  process.once('beforeExit', () => void sdk.shutdown());
  process.stderr.write(`telemetry: tracing on (${exporters.join(', ') || 'otlp'})\n`);
}
