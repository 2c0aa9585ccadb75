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
import { access } from '../../../../console/context.js';
import { BANNER_SIZES } from '../../../../images/assets.js';
import { byShort } from '../../../../../core/languages.js';
import { targets } from '../../../../repos/promo.js';
import {
  bannerOf,
  changeBanner,
  createBanner,
  deleteBanner,
  getBanner,
  orderBanners,
  patchBanner,
} from '../../../../console/home/banners.js';
import { acceptImages, storeArt } from '../../../../console/home/images.js';
import { json } from '../../../../console/home/common.js';

/** Banners of every placement (editor): list, create, edit, delete, reorder, upload an image per language. */
const route = routeModule((app) => {
  acceptImages(app);

  app.get<{ Querystring: BannerQuery }>(
    '/',
    { config: access('GET /banners'), schema: { querystring: BannerQuery, response: { 200: Banners } } },
    async (req) => {
      let q = app.db.selectFrom('banners').selectAll();
      if (req.query.placement) q = q.where('placement', '=', req.query.placement);
      const rows = await q.orderBy('placement').orderBy('sort').orderBy('id').execute();
      const lang = req.query.language ? byShort(req.query.language) : undefined;
      const now = app.clock.nowSec();
      return { banners: rows.filter((r) => !lang || targets(r, lang.language)).map((r) => bannerOf(r, now)) };
    },
  );

  app.post<{ Body: NewBanner }>(
    '/',
    { config: access('POST /banners'), schema: { body: NewBanner, response: { 201: Banner } } },
    async (req, reply) => reply.code(201).send(await createBanner(app, req, req.body)),
  );

  app.put<{ Body: BannerOrder }>(
    '/order',
    { config: access('PUT /banners/order'), schema: { body: BannerOrder, response: { 200: Banners } } },
    async (req) => ({ banners: await orderBanners(app, req, req.body.placement, req.body.ids) }),
  );

  app.get<{ Params: { id: number } }>(
    '/:id',
    { config: access('GET /banners/:id'), schema: { params: IdParams, response: { 200: Banner } } },
    async (req) => bannerOf(await getBanner(app.db, req.params.id), app.clock.nowSec()),
  );

  app.patch<{ Params: { id: number }; Body: BannerPatch }>(
    '/:id',
    { config: access('PATCH /banners/:id'), schema: { params: IdParams, body: BannerPatch, response: { 200: Banner } } },
    async (req) => patchBanner(app, req, req.params.id, req.body),
  );

  app.delete<{ Params: { id: number }; Querystring: { version: number } }>(
    '/:id',
    { config: access('DELETE /banners/:id'), schema: { params: IdParams, querystring: VersionQuery } },
    async (req, reply) => {
      await deleteBanner(app, req, req.params.id, req.query.version);
      return reply.code(204).send();
    },
  );

  app.put<{ Params: { id: number }; Querystring: ImageQuery }>(
    '/:id/image',
    { config: access('PUT /banners/:id/image'), schema: { params: IdParams, querystring: ImageQuery, response: { 200: Banner } } },
    async (req) => {
      const row = await getBanner(app.db, req.params.id);
      const url = await storeArt(app, row.id, req.body, BANNER_SIZES[row.placement] ?? { width: row.width, height: row.height });
      const lang = req.query.language;
      const set = lang ? { images: JSON.stringify({ ...json<Record<string, string>>(row.images, {}), [lang]: url }) } : { image_url: url };
      return changeBanner(app, req, row.id, Number(row.version), 'banner.image', set);
    },
  );
});
export default route;
