import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { rawImageBody } from '../../../../console/rawImageBody.js';
import { UPLOAD_LIMITS } from '../../../../../core/console/schemas/catalog.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { coverTests } from '../../../../console/coverTests/index.js';
import { artStore } from '../../../../console/home/images.js';

/**
 * Cover tests (server/console/coverTests/), of a title's image or a home
 * banner's: make one, add variants (POST
 * …/images?version=N, the raw image as the body, as the titles' images),
 * start it, end it with a winner or discard it; its figures.
 */
const route = routeModule((app) => {
  const ctx = () => consoleCtx(app);
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: UPLOAD_LIMITS.maxImageBytes }, (_req, body, done) =>
    done(null, body),
  );
  handle(app, 'GET /cover-tests', async (req) => coverTests.list(ctx(), req.query));
  handle(app, 'POST /cover-tests', async (req, reply) => reply.code(201).send(await coverTests.create(ctx(), actorOf(req), req.body)));
  handle(app, 'GET /cover-tests/:id', async (req) => coverTests.get(ctx(), req.params.id));
  handle(
    app,
    'POST /cover-tests/:id/images',
    async (req) =>
      coverTests.addImage(
        ctx(),
        actorOf(req),
        { blobs: app.catalog.blobs, art: artStore(app.config) },
        req.params.id,
        req.query.version,
        Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      ),
    { preParsing: rawImageBody },
  );
  handle(app, 'PUT /cover-tests/:id/start', async (req) =>
    coverTests.start(ctx(), actorOf(req), app.catalog.coverTests, req.params.id, req.body),
  );
  handle(app, 'POST /cover-tests/:id/end', async (req) =>
    coverTests.end(ctx(), actorOf(req), app.catalog.coverTests, req.params.id, req.body),
  );
  handle(app, 'POST /cover-tests/:id/discard', async (req) =>
    coverTests.discard(ctx(), actorOf(req), app.catalog.coverTests, req.params.id, req.body.version),
  );
});
export default route;
