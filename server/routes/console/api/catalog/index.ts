import type { FastifyInstance } from 'fastify';
import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { rawImageBody } from '../../../../console/rawImageBody.js';
import { UPLOAD_LIMITS } from '../../../../../core/console/schemas/catalog.js';
import { imageBlobs } from '../../../../images/blobs.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { titles } from '../../../../console/catalog/titles.js';

/**
 * Catalog texts (editor: every title; localizer: titles in their languages)
 * and title images (server/console/catalog/titles.ts).
 */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /catalog/titles', async (req) => ({ titles: await titles.list(ctx(), req.query) }));
  handle(app, 'GET /catalog/titles/:id', async (req) => titles.get(ctx(), req.params.id));
  handle(app, 'PATCH /catalog/titles/:id', async (req) => titles.patch(ctx(), actorOf(req), req.params.id, req.body));
  registerImages(app);
});

/**
 * POST /titles/:id/images/:kind?version=N, the raw image as the body (not
 * multipart: one file, its type in Content-Type). Refused before it is read
 * when it says it is too large.
 */
function registerImages(app: FastifyInstance) {
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: UPLOAD_LIMITS.maxImageBytes }, (_req, body, done) =>
    done(null, body),
  );
  const blobs = imageBlobs(app.config);
  handle(
    app,
    'POST /catalog/titles/:id/images/:kind',
    async (req) =>
      titles.setImage(consoleCtx(app), actorOf(req), blobs, req.params.id, {
        kind: req.params.kind,
        version: req.query.version,
        data: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      }),
    { preParsing: rawImageBody },
  );
}
export default route;
