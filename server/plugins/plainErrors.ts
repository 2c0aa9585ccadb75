import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/errors.js';

/**
 * The error handler outside the scopes that answer in their own form (the
 * reader's API: the protobuf envelope, server/plugins/api.ts; the console:
 * problem+json): the images and the web app's pages answer a failure with
 * its status and the status's name in plain text, never a stack.
 */
export default fp((app, _opts, done) => {
  app.setErrorHandler((err, req, reply) => {
    const e = err as { statusCode?: number };
    let status = 500;
    if (err instanceof ApiError) status = err.spec.status;
    else if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) status = e.statusCode;
    if (status >= 500) req.log.error(err);
    if (err instanceof ApiError && status === 429) reply.header('retry-after', String(err.retryAfter ?? 60));
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(STATUS_CODES[status] ?? 'Error');
  });
  done();
});
