import { Type } from '@sinclair/typebox';
import { routeModule } from '../../../../lib/route.js';
import { CatalogTitles, TitleQuery } from '../../../../../core/console/schemas/areas.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import { TitleFull, TitleFullPatch, TitleImageKind, UPLOAD_LIMITS, VersionQuery } from '../../../../../core/console/schemas/catalog.js';
import { imageBlobs } from '../../../../images/blobs.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import { problems } from '../../../../console/problems.js';
import { titles } from '../../../../console/catalog/titles.js';

/**
 * Catalog texts (editor: every title; localizer: titles in their languages)
 * and title images (server/console/catalog/titles.ts).
 */
const route = routeModule((app) => {
  app.get<{ Querystring: { language?: string; q?: string } }>(
    '/titles',
    { config: access('GET /catalog/titles'), schema: { querystring: TitleQuery, response: { 200: CatalogTitles } } },
    async (req) => ({ titles: await titles.list(consoleCtx(app), req.query) }),
  );

  app.get<{ Params: { id: number } }>(
    '/titles/:id',
    { config: access('GET /catalog/titles/:id'), schema: { params: IdParams, response: { 200: TitleFull } } },
    async (req) => titles.get(consoleCtx(app), req.params.id),
  );

  app.patch<{ Params: { id: number }; Body: TitleFullPatch }>(
    '/titles/:id',
    { config: access('PATCH /catalog/titles/:id'), schema: { params: IdParams, body: TitleFullPatch, response: { 200: TitleFull } } },
    async (req) => titles.patch(consoleCtx(app), actorOf(req), req.params.id, req.body),
  );

  registerImages(app);
});

/**
 * POST /titles/:id/images/:kind?version=N, the raw image as the body (not
 * multipart: one file, its type in Content-Type). Refused before it is read
 * when it says it is too large.
 */
function registerImages(app: Parameters<Parameters<typeof routeModule>[0]>[0]) {
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: UPLOAD_LIMITS.maxImageBytes }, (_req, body, done) =>
    done(null, body),
  );
  const blobs = imageBlobs(app.config);
  app.post<{ Params: { id: number; kind: TitleImageKind }; Querystring: { version: number }; Body: Buffer }>(
    '/titles/:id/images/:kind',
    {
      config: access('POST /catalog/titles/:id/images/:kind'),
      schema: {
        params: Type.Object({ id: IdParams.properties.id, kind: TitleImageKind }),
        querystring: VersionQuery,
        response: { 200: TitleFull },
      },
      preParsing: (req, _reply, payload, next) => {
        if (Number(req.headers['content-length'] ?? 0) > UPLOAD_LIMITS.maxImageBytes)
          return next(problems.bad(413, 'image-too-large', `Images stop at ${UPLOAD_LIMITS.maxImageBytes / 2 ** 20} MiB.`));
        if (!/^image\//.test(req.headers['content-type'] ?? ''))
          return next(problems.bad(415, 'not-an-image', 'Send the image itself with its type (image/png, image/jpeg, image/webp).'));
        next(null, payload);
      },
    },
    async (req) =>
      titles.setImage(consoleCtx(app), actorOf(req), blobs, req.params.id, {
        kind: req.params.kind,
        version: req.query.version,
        data: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      }),
  );
}
export default route;
