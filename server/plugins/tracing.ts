import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { instrumentationWanted, tracingEnabled } from '../lib/otelEnv.js';

/** Health checks and scrapes would be most of the traces: not traced. */
const UNTRACED = /^\/(healthz|readyz|metrics)(\?|$)/;

/** The span of a request being traced (sampled): its errors are recorded on it. */
const spans = new WeakMap<FastifyRequest, Span>();

/** What a sampled request's span says of it (OpenTelemetry's HTTP server conventions). */
function requestAttributes(req: FastifyRequest, route: string | undefined): Attributes {
  const q = req.url.indexOf('?');
  const host = req.host;
  const colon = host.lastIndexOf(':');
  return {
    'http.request.method': req.method,
    'url.path': q < 0 ? req.url : req.url.slice(0, q),
    'url.scheme': req.protocol,
    ...(route ? { 'http.route': route } : {}),
    'server.address': colon > 0 && !host.endsWith(']') ? host.slice(0, colon) : host,
    ...(colon > 0 && !host.endsWith(']') ? { 'server.port': Number(host.slice(colon + 1)) } : {}),
    'client.address': req.ip,
    'network.protocol.version': req.raw.httpVersion,
    ...(typeof req.headers['user-agent'] === 'string' ? { 'user_agent.original': req.headers['user-agent'] } : {}),
  };
}

function end(span: Span, reply: FastifyReply): void {
  const status = reply.statusCode;
  span.setAttribute('http.response.status_code', status);
  if (!reply.raw.writableFinished) span.setAttribute('error.type', 'aborted');
  if (status >= 500) {
    span.setAttribute('error.type', String(status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/**
 * The server span of each request, when tracing is on (server/telemetry.ts
 * started the SDK): named by its route ("GET /api/manga_viewer"), in the
 * trace a proxy's traceparent names, sampled as the SDK's sampler says
 * (parent-based, a ratio of new traces by default). A request the sampler
 * drops costs a header read and an unsampled span, nothing more: no context
 * to carry, no listener on its answer, no attribute. A sampled one's handler
 * runs in its span's context (the SQL and Redis spans its queries make are
 * its children; its log lines carry its trace id: requestId.ts), and the
 * span ends when the answer is done.
 *
 * This replaced the HTTP server instrumentation and @fastify/otel, each of
 * which alone cost every request, sampled or not, 1.4 to 5 times its own CPU
 * (bench/apiOps's CPU per request, measured before they went).
 */
export default fp((app, _opts, done) => {
  if (!tracingEnabled(process.env) || !instrumentationWanted(process.env, 'fastify')) return done();
  const tracer = trace.getTracer('manga-reader');
  // The headers the configured propagators read (traceparent, tracestate, baggage by default; OTEL_PROPAGATORS).
  const fields = propagation.fields().map((f) => f.toLowerCase());
  app.addHook('onRequest', (req, reply, next) => {
    if (UNTRACED.test(req.url)) return next();
    // (Most requests carry none of the propagators' headers: nothing to read then.)
    const h = req.headers;
    const parent = fields.some((f) => h[f] !== undefined) ? propagation.extract(ROOT_CONTEXT, h) : ROOT_CONTEXT;
    const route = req.routeOptions.url;
    const span = tracer.startSpan(route ? `${req.method} ${route}` : req.method, { kind: SpanKind.SERVER }, parent);
    if (!span.isRecording()) return next();
    span.setAttributes(requestAttributes(req, route));
    spans.set(req, span);
    const ctx = trace.setSpan(parent, span);
    // Listeners on the request and the answer run in the span's context too (the debug line at the answer's end).
    context.bind(ctx, req.raw);
    context.bind(ctx, reply.raw);
    reply.raw.once('close', () => end(span, reply));
    context.bind(ctx, next)();
  });
  app.addHook('onError', (req, _reply, error, next) => {
    spans.get(req)?.recordException(error);
    next();
  });
  done();
});
