import { routeModule } from '../../../../lib/route.js';
import { handle } from '../../../../lib/consoleRoute.js';
import { actorOf, consoleCtx } from '../../../../console/actor.js';
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
  const ctx = () => consoleCtx(app);
  acceptImages(app);
  handle(app, 'GET /banners', async (req) => ({ banners: await listBanners(ctx(), req.query) }));
  handle(app, 'POST /banners', async (req, reply) => reply.code(201).send(await createBanner(ctx(), actorOf(req), req.body)));
  handle(app, 'PUT /banners/order', async (req) => ({
    banners: await orderBanners(ctx(), actorOf(req), req.body.placement, req.body.ids),
  }));
  handle(app, 'GET /banners/:id', async (req) => getBanner(ctx(), req.params.id));
  handle(app, 'PATCH /banners/:id', async (req) => patchBanner(ctx(), actorOf(req), req.params.id, req.body));
  handle(app, 'DELETE /banners/:id', async (req, reply) => {
    await deleteBanner(ctx(), actorOf(req), req.params.id, req.query.version);
    return reply.code(204).send();
  });
  // The raw image is the body (acceptImages above): the table gives it no schema.
  handle(app, 'PUT /banners/:id/image', async (req) =>
    setBannerImage(ctx(), actorOf(req), artStore(app.config), req.params.id, req.body, req.query.language),
  );
});
export default route;
