import crypto from 'node:crypto';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { imageBlobs } from '../../images/blobs.js';
import { WEBP } from '../../images/store.js';
import { problems } from '../problems.js';
import { checkImage, decoded } from '../../catalog/imageCheck.js';
import { PageProblem } from '../../catalog/pageProblem.js';

/** Uploaded art (banners, popups): the body of PUT …/:id/image, the raw image. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const IMAGE_LIMIT = 8 * 1024 * 1024;
const FORMATS: ReadonlySet<string> = new Set(['png', 'jpeg', 'webp', 'gif']);
/** Pixels of a banner's or popup's upload. */
const ART_PIXELS = 2 ** 26;

/** Lets a route module take raw images as its body (a Buffer), in its own scope only. */
export function acceptImages(app: FastifyInstance): void {
  app.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer', bodyLimit: IMAGE_LIMIT }, (_req, body, done) => done(null, body));
}

/** Stores an uploaded image of an owner (a banner, a popup) at a size; answers its URL. */
export type ArtStore = (ownerId: number, data: unknown, size: { width: number; height: number }) => Promise<string>;

/**
 * Checks the upload is an image sharp decodes (what its content type claims
 * is not trusted), converts it to WebP at the placement's size as the demo's
 * art is, and stores it in the image store every node shares under a name
 * of its content (art is immutable: a new image, a new URL). Returns the URL.
 */
export const artStore =
  (config: { dataDir: string; objectStoreUrl: string }): ArtStore =>
  async (ownerId, data, size) => {
    const notImage = (why: string) =>
      problems.validation([{ path: '/body', message: `is not an image (${why})` }], 'The file is not an image.');
    if (!Buffer.isBuffer(data) || data.length === 0) throw notImage('empty');
    let webp: Buffer;
    try {
      // The check every uploaded image passes (server/catalog/imageCheck.ts); a broken one is refused here, never a 500.
      await checkImage('The image', data, ART_PIXELS, FORMATS);
      webp = await decoded('The image', () =>
        sharp(data, { limitInputPixels: ART_PIXELS })
          .rotate()
          .resize({ width: size.width, height: size.height, fit: 'cover' })
          .webp(WEBP)
          .toBuffer(),
      );
    } catch (e) {
      if (e instanceof PageProblem) throw notImage(e.message.slice(0, 160));
      throw e;
    }
    const name = crypto.createHash('sha256').update(webp).digest('hex').slice(0, 24);
    const rel = `art/${ownerId}/${name}.webp`;
    await imageBlobs(config).put(rel, webp);
    return `/img/${rel}`;
  };
