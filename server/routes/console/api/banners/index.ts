import { routeModule } from '../../../../lib/route.js';
import { IdParams } from '../../../../../core/console/schemas/common.js';
import {
  Banner,
  BannerOrder,
  BannerPatch,
  BannerQuery,
  Banners,
  ImageQuery,
  NewBanner,
  VersionQuery,
} from '../../../../../core/console/schemas/home.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
import { access } from '../../../../console/context.js';
import {
  createBanner,
  deleteBanner,
  getBanner,
  listBanners,
  orderBanners,
  patchBanner,
  setBannerImage,
} from '../../../../console/home/banners.js';
import { acceptImages, artStore } from '../../../../console/home/images.js';

/** Banners of every placement (editor): list, create, edit, delete, reorder, upload an image per language. */
const route = routeModule((app) => {
  acceptImages(app);

  app.get<{ Querystring: BannerQuery }>(
    '/',
    { config: access('GET /banners'), schema: { querystring: BannerQuery, response: { 200: Banners } } },
    async (req) => ({ banners: await listBanners(consoleCtx(app), req.query) }),
  );

  app.post<{ Body: NewBanner }>(
    '/',
    { config: access('POST /banners'), schema: { body: NewBanner, response: { 201: Banner } } },
    async (req, reply) => reply.code(201).send(await createBanner(consoleCtx(app), actorOf(req), req.body)),
  );

  app.put<{ Body: BannerOrder }>(
    '/order',
    { config: access('PUT /banners/order'), schema: { body: BannerOrder, response: { 200: Banners } } },
    async (req) => ({ banners: await orderBanners(consoleCtx(app), actorOf(req), req.body.placement, req.body.ids) }),
  );

  app.get<{ Params: { id: number } }>(
    '/:id',
    { config: access('GET /banners/:id'), schema: { params: IdParams, response: { 200: Banner } } },
    async (req) => getBanner(consoleCtx(app), req.params.id),
  );

  app.patch<{ Params: { id: number }; Body: BannerPatch }>(
    '/:id',
    { config: access('PATCH /banners/:id'), schema: { params: IdParams, body: BannerPatch, response: { 200: Banner } } },
    async (req) => patchBanner(consoleCtx(app), actorOf(req), req.params.id, req.body),
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/:id',
    { config: access('DELETE /banners/:id'), schema: { params: IdParams, querystring: VersionQuery } },
    async (req, reply) => {
      await deleteBanner(consoleCtx(app), actorOf(req), req.params.id, req.query.version);
      return reply.code(204).send();
    },
  );

  app.put<{ Params: { id: number }; Querystring: ImageQuery }>(
    '/:id/image',
    { config: access('PUT /banners/:id/image'), schema: { params: IdParams, querystring: ImageQuery, response: { 200: Banner } } },
    async (req) => setBannerImage(consoleCtx(app), actorOf(req), artStore(app.config), req.params.id, req.body, req.query.language),
  );
});
export default route;
