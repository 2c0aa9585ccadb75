import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { rawImageBody } from '../../../../console/rawImageBody.js';
import { UPLOAD_LIMITS } from '../../../../../core/console/schemas/catalog.js';
import { imageBlobs } from '../../../../images/blobs.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { publishers } from '../../../../console/catalog/publishers.js';

/**
 * Publishers (server/console/catalog/publishers.ts): read by editors and
 * localizers, written by editors; the logo and the banner are the raw image
 * as the body (its type in Content-Type), refused before it is read when it
 * says it is too large.
 */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  handle(app, 'GET /publishers', async () => ({ publishers: await publishers.list(ctx()) }));
  handle(app, 'GET /publishers/:id', async (req) => publishers.get(ctx(), req.params.id));
  handle(app, 'POST /publishers', async (req, reply) => reply.code(201).send(await publishers.create(ctx(), actorOf(req), req.body)));
  handle(app, 'PATCH /publishers/:id', async (req) => publishers.patch(ctx(), actorOf(req), req.params.id, req.body));

  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: UPLOAD_LIMITS.maxImageBytes }, (_req, body, done) =>
    done(null, body),
  );
  const blobs = imageBlobs(app.config);
  handle(
    app,
    'POST /publishers/:id/images/:kind',
    async (req) =>
      publishers.setImage(ctx(), actorOf(req), blobs, req.params.id, {
        kind: req.params.kind,
        version: req.query.version,
        data: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      }),
    { preParsing: rawImageBody },
  );
});
export default route;
