import type { preParsingHookHandler } from 'fastify';
import { UPLOAD_LIMITS } from '../../core/console/schemas/catalog.js';
import { problems } from './problems.js';

/**
 * The early refusal of a console route whose body is the image itself (a title's or a publisher's images): too
 * large by its Content-Length (413) or not an image by its Content-Type (415), before a byte is read.
 */
export const rawImageBody: preParsingHookHandler = (req, _reply, payload, next) => {
  if (Number(req.headers['content-length'] ?? 0) > UPLOAD_LIMITS.maxImageBytes)
    return next(problems.bad(413, 'image-too-large', `Images stop at ${UPLOAD_LIMITS.maxImageBytes / 2 ** 20} MiB.`));
  if (!/^image\//.test(req.headers['content-type'] ?? ''))
    return next(problems.bad(415, 'not-an-image', 'Send the image itself with its type (image/png, image/jpeg, image/webp).'));
  next(null, payload);
};
