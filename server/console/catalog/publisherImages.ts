import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Blobs } from '../../images/blobs.js';
import { PUBLISHER_BANNER_SIZE } from '../../images/assets.js';
import { WEBP } from '../../images/store.js';
import { checkImage, decoded } from '../../catalog/imageCheck.js';
import type { PublisherImageKind } from '../../../core/console/schemas/publishers.js';
import { UPLOAD_LIMITS } from '../../../core/console/schemas/catalog.js';

/** The size each publisher image is drawn at: the banner the title page shows, a square logo. */
const SIZES: Record<PublisherImageKind, { width: number; height: number }> = {
  banner: PUBLISHER_BANNER_SIZE,
  logo: { width: 256, height: 256 },
};

/**
 * A publisher's logo or banner uploaded in the console, checked and stored as
 * a title image is (./titleImages.ts): cropped to its size, WebP, named by a
 * hash of the result so its URL changes exactly when its bytes do.
 */
export async function storePublisherImage(blobs: Blobs, publisherId: number, kind: PublisherImageKind, data: Buffer): Promise<string> {
  const what = `The ${kind}`;
  await checkImage(what, data, UPLOAD_LIMITS.maxImagePixels);
  const size = SIZES[kind];
  const webp = await decoded(what, () =>
    sharp(data, { limitInputPixels: UPLOAD_LIMITS.maxImagePixels })
      .rotate()
      .resize({
        width: size.width,
        height: size.height,
        fit: kind === 'logo' ? 'contain' : 'cover',
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .webp(WEBP)
      .toBuffer(),
  );
  const hash = crypto.createHash('sha256').update(webp).digest('hex').slice(0, 16);
  const rel = `publisher/${publisherId}/${kind}_${hash}.webp`;
  await blobs.put(rel, webp);
  return `/img/${rel}`;
}
