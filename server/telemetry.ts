/**
 * OpenTelemetry tracing, loaded before the app (`node --import tsx --import
 * ./server/telemetry.ts server/main.ts`, which `npm start` does) so that the
 * HTTP server, pg and ioredis are instrumented as they load. Off by default:
 * it starts only when the standard variables ask for traces
 * (OTEL_TRACES_EXPORTER=otlp|console|zipkin, or an OTLP endpoint in
 * OTEL_EXPORTER_OTLP_ENDPOINT / OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), and
 * never with OTEL_SDK_DISABLED=true. Everything else (sampling, headers,
 * service name, propagators) is the SDK's own OTEL_* configuration. Without
 * it, this file loads nothing.
 */
const env = process.env;
const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter((s) => s && s !== 'none');
const enabled =
  env.OTEL_SDK_DISABLED?.toLowerCase() !== 'true' &&
  (exporters.length > 0 || Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT));

if (enabled) {
  // ES modules are wrapped as they load (import-in-the-middle); CommonJS ones (pg, ioredis) by require hooks.
  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }, { default: FastifyOtel }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
      import('@fastify/otel'),
    ]);
  env.OTEL_SERVICE_NAME ??= 'manga-reader';
  // Production's default sampling: a trace the proxy began is followed as it was sampled; a new one is kept
  // one time in ten (bench/apiOps measures the cost at this rate and with every request sampled). The SDK's
  // own variables choose another (OTEL_TRACES_SAMPLER=always_on, or another ratio in OTEL_TRACES_SAMPLER_ARG).
  if (!env.OTEL_TRACES_SAMPLER) {
    env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
    env.OTEL_TRACES_SAMPLER_ARG ??= '0.1';
  }
  const sdk = new NodeSDK({
    instrumentations: [
      // Health checks and scrapes would be most of the traces: not traced.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)(\?|$)/.test(req.url ?? '') }),
      new FastifyOtel({ registerOnInitialization: true }),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  // The spans still batched go out before a clean stop (server/main.ts exits after closing the app).
  process.once('beforeExit', () => void sdk.shutdown());
  process.stderr.write(`telemetry: tracing on (${exporters.join(', ') || 'otlp'})\n`);
}
