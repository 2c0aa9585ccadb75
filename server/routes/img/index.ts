import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../lib/errors.js';
import { isQuality } from '../../images/urls.js';
import { ImageStore, type StoredImage } from '../../images/store.js';
import { imageBlobs } from '../../images/blobs.js';
import { routeModule } from '../../lib/route.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function send(req: FastifyRequest, reply: FastifyReply, img: StoredImage): FastifyReply {
  reply.header('cache-control', IMMUTABLE).header('etag', img.etag);
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === img.etag)) return reply.code(304).send();
  return reply.type('image/webp').header('content-length', img.data.length).send(img.data);
}

const intParam = (name: string, v: string): number => {
  if (!/^\d{1,10}$/.test(v)) throw errors.badParam(name);
  return Number(v);
};

/**
 * Images. GET /img/page/:chapterId/:idx/:quality.webp is the XOR-encrypted
 * page (key in the viewer's encryptionKey); every other /img/... path is
 * plain art (covers, thumbnails, banners, icons, label logos at
 * /img/label/<LabelCode name>.webp; a banner of every language drawn in one
 * language at /img/banner/<id>/<short code>.webp), drawn with the fonts of
 * server/images/fonts.ts. Both are immutable: a changed image gets a new URL.
 */
const route = routeModule((app) => {
  const store = new ImageStore(app.repos.images, imageBlobs(app.config), app.config.catalogSeed);

  app.get<{ Params: { chapterId: string; idx: string; file: string } }>('/page/:chapterId/:idx/:file', async (req, reply) => {
    const chapterId = intParam('chapterId', req.params.chapterId);
    const idx = intParam('idx', req.params.idx);
    const m = /^(.+)\.webp$/.exec(req.params.file);
    const q = m?.[1];
    if (!isQuality(q)) throw errors.badParam('quality', 'must be low, high or super_high');
    const img = await store.page(chapterId, idx, q);
    if (!img) throw errors.notFound(`page ${chapterId}/${idx}`);
    return send(req, reply, img);
  });

  app.get<{ Params: { '*': string } }>('/*', async (req, reply) => {
    const rel = req.params['*'];
    const img = await store.asset(rel);
    if (!img) throw errors.notFound(`image ${rel}`);
    return send(req, reply, img);
  });
});
export default route;
