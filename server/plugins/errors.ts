import fp from 'fastify-plugin';
import { ApiError, errors } from '../lib/errors.js';
import { errorResponse, sendResponse } from '../lib/proto.js';
import { isAppCall } from '../services/mobile.js';

/**
 * The one error handler: every failure (an ApiError, a body too large, a
 * rate limit, a malformed request, anything unexpected) is answered with
 * the protobuf error envelope (Response.error), with its HTTP status; a call
 * carrying the phone app's parameters (os, app_ver, …) gets it with HTTP 200,
 * since those clients drop the body of any other status.
 */
export default fp((app, _opts, done) => {
  app.setErrorHandler((err, req, reply) => {
    let api: ApiError;
    const e = err as { code?: string; statusCode?: number; message?: string };
    if (err instanceof ApiError) api = err;
    else if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') api = errors.tooLarge(app.config.bodyLimit);
    else if (e.statusCode === 429) api = errors.rateLimited();
    else if (e.statusCode && e.statusCode < 500) api = errors.badParam('request', e.message ?? 'is malformed');
    else {
      req.log.error(err);
      api = errors.internal();
    }
    if (api.spec.status === 429) reply.header('retry-after', String(api.retryAfter ?? 60));
    return sendResponse(req, reply, errorResponse(api.spec), isAppCall(req) ? 200 : api.spec.status);
  });
  done();
});
