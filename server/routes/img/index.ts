import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../lib/errors.js';
import { isQuality } from '../../images/urls.js';
import type { StoredImage } from '../../images/store.js';
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

/** How long a browser keeps a page before asking again (s): a chapter taken down is gone from browsers within it. */
const PAGE_MAX_AGE = 300;
/** How long a CDN that is purged at a take-down (CDN_PURGE_URL) keeps a page (s). */
const PAGE_CDN_MAX_AGE = 86_400;

/**
 * How long caches may keep a page of a readable chapter. Every live chapter
 * can still be taken down (released early by mistake, a legal notice), so
 * none is immutable: browsers keep a page PAGE_MAX_AGE and then revalidate
 * it (its ETag: an unchanged page is a 304); a CDN the same, or a day when
 * it is purged at a take-down (server/images/purge.ts). Never past the end
 * of free reading.
 */
function pageCaching(c: ChapterRow, now: number, cdnPurged: boolean): string {
  const left = c.end_ts === 0 ? Infinity : Math.max(0, c.end_ts - now);
  const browser = Math.min(PAGE_MAX_AGE, left);
  const cdn = cdnPurged ? Math.min(PAGE_CDN_MAX_AGE, left) : browser;
  return `public, max-age=${browser}${cdn !== browser ? `, s-maxage=${cdn}` : ''}, must-revalidate`;
}

/** The longest drawn art that changes at a moment (a scheduled chapter's thumbnail) is kept before it (s). */
const DRAWN_MAX_AGE = 3600;

/** Drawn art's caching: DRAWN, or until the moment it is drawn otherwise, then revalidated (no stale copy served). */
function drawnCaching(img: StoredImage, now: number): string {
  if (img.changesAt === undefined) return DRAWN;
  return `public, max-age=${Math.max(0, Math.min(DRAWN_MAX_AGE, img.changesAt - now))}, must-revalidate`;
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
 * page (key in the viewer's encryptionKey), /img/thumbs/:chapterId/:sheet.webp
 * a sheet of its pages' thumbnails (core/viewer/pageThumbs.ts); every other /img/... path is
 * plain art (covers, thumbnails, banners, icons, label logos at
 * /img/label/<LabelCode name>.webp; a banner of every language drawn in one
 * language at /img/banner/<id>/<short code>.webp), drawn with the fonts of
 * server/images/fonts.ts. Uploaded art is immutable (a changed image gets a new
 * URL); demo art drawn from the database is revalidated (DRAWN; a scheduled
 * chapter's thumbnail, drawn without its name, no longer than its release);
 * a page (and a thumbnail sheet) is served only while its chapter is readable (403 before and after,
 * 404 once taken down), cached briefly (pageCaching). Ids have one spelling (decimal, no
 * leading zero, in range): any other name is 404 and nothing is drawn or stored.
 */
const route = routeModule((app) => {
  const store = app.imageStore;

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
    return send(req, reply, img, pageCaching(c, now, app.catalog.purge.cdn));
  });

  // A chapter's page thumbnails (core/viewer/pageThumbs.ts), locked like its pages and cached as they are.
  app.get<{ Params: { chapterId: string; file: string } }>('/thumbs/:chapterId/:file', async (req, reply) => {
    const chapterId = idParam('chapter', req.params.chapterId);
    const sheet = idParam('thumbnail sheet', /^(.+)\.webp$/.exec(req.params.file)?.[1] ?? '');
    const c = await app.repos.chapters.byId(chapterId);
    if (!c) throw errors.notFound(`thumbnails ${chapterId}/${sheet}`);
    const now = app.clock.nowSec();
    if (!isReadable(c, now)) throw errors.chapterNotReadable(chapterId, 'not readable now');
    const img = await store.thumbSheet(chapterId, sheet);
    if (!img) throw errors.notFound(`thumbnails ${chapterId}/${sheet}`);
    return send(req, reply, img, pageCaching(c, now, app.catalog.purge.cdn));
  });

  app.get<{ Params: { '*': string } }>('/*', async (req, reply) => {
    const rel = req.params['*'];
    const now = app.clock.nowSec();
    const img = await store.asset(rel, now);
    if (!img) throw errors.notFound(`image ${rel}`);
    return send(req, reply, img, img.drawn ? drawnCaching(img, now) : IMMUTABLE);
  });
});
export default route;
