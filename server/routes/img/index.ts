import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../lib/errors.js';
import { isQuality } from '../../images/urls.js';
import { ImageStore, type StoredImage } from '../../images/store.js';
import { imageBlobs } from '../../images/blobs.js';
import { routeModule } from '../../lib/route.js';
import { strictId } from '../../images/ids.js';
import { isReadable } from '../../services/readable.js';
import type { ChapterRow } from '../../repos/chapters.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Demo art drawn from the database changes with its rows (a renamed title, a
 * banner's new target) and with the drawing code, under the same URL: kept an
 * hour, then used while it is checked again in the background (its ETag is
 * the hash of what it is drawn from, so an unchanged image is a 304).
 */
const DRAWN = 'public, max-age=3600, stale-while-revalidate=604800';

/** The longest a page of a chapter with an end of free reading is cached (s). */
const ENDING_MAX_AGE = 3600;

/**
 * How long caches (browsers, a CDN) may keep a page of this chapter: for
 * ever when it has no end of free reading, else never past its end (no
 * purge needed: the lifetime runs out when the chapter ends).
 */
function pageCaching(c: ChapterRow, now: number): string {
  if (c.end_ts === 0) return IMMUTABLE;
  const left = Math.max(0, Math.min(ENDING_MAX_AGE, c.end_ts - now));
  return `public, max-age=${left}, must-revalidate`;
}

function send(req: FastifyRequest, reply: FastifyReply, img: StoredImage, caching = IMMUTABLE): FastifyReply {
  reply.header('cache-control', caching).header('etag', img.etag);
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === img.etag)) return reply.code(304).send();
  return reply.type('image/webp').header('content-length', img.data.length).send(img.data);
}

/** An id of the URL (one spelling: server/images/ids.ts); any other names no image. */
const idParam = (what: string, v: string): number => {
  const id = strictId(v);
  if (id === undefined) throw errors.notFound(what);
  return id;
};

/**
 * Images. GET /img/page/:chapterId/:idx/:quality.webp is the XOR-encrypted
 * page (key in the viewer's encryptionKey); every other /img/... path is
 * plain art (covers, thumbnails, banners, icons, label logos at
 * /img/label/<LabelCode name>.webp; a banner of every language drawn in one
 * language at /img/banner/<id>/<short code>.webp), drawn with the fonts of
 * server/images/fonts.ts. Uploaded art is immutable (a changed image gets a new
 * URL); demo art drawn from the database is revalidated (DRAWN);
 * a page is served only while its chapter is readable (403 before and after),
 * cached no longer than that (pageCaching). Ids have one spelling (decimal, no
 * leading zero, in range): any other name is 404 and nothing is drawn or stored.
 */
const route = routeModule((app) => {
  const store = new ImageStore(app.repos.images, imageBlobs(app.config), app.config.catalogSeed);

  app.get<{ Params: { chapterId: string; idx: string; file: string } }>('/page/:chapterId/:idx/:file', async (req, reply) => {
    const chapterId = idParam('chapter', req.params.chapterId);
    const idx = idParam('page', req.params.idx);
    const m = /^(.+)\.webp$/.exec(req.params.file);
    const q = m?.[1];
    if (!isQuality(q)) throw errors.notFound(`page quality ${req.params.file.slice(0, 32)}`);
    // Readable at this moment, or no page: its key may be known (handed out while it was readable, or guessed).
    const c = await app.repos.chapters.byId(chapterId);
    if (!c) throw errors.notFound(`page ${chapterId}/${idx}`);
    const now = app.clock.nowSec();
    if (!isReadable(c, now)) throw errors.chapterNotReadable(chapterId, 'not readable now');
    const img = await store.page(chapterId, idx, q);
    if (!img) throw errors.notFound(`page ${chapterId}/${idx}`);
    return send(req, reply, img, pageCaching(c, now));
  });

  app.get<{ Params: { '*': string } }>('/*', async (req, reply) => {
    const rel = req.params['*'];
    const img = await store.asset(rel);
    if (!img) throw errors.notFound(`image ${rel}`);
    return send(req, reply, img, img.drawn ? DRAWN : IMMUTABLE);
  });
});
export default route;
