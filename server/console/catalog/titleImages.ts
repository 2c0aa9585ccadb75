import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Blobs } from '../../images/blobs.js';
import { TITLE_IMAGES } from '../../images/assets.js';
import { WEBP } from '../../images/store.js';
import { checkImage, decoded } from '../../catalog/imageCheck.js';
import type { TitleImageKind } from '../../../core/console/schemas/catalog.js';
import { UPLOAD_LIMITS } from '../../../core/console/schemas/catalog.js';

/** The title column each uploaded image replaces. */
export const IMAGE_COLUMN = {
  portrait: 'portrait_image_url',
  landscape: 'landscape_image_url',
  background: 'background_image_url',
  favorite: 'favorite_image_url',
} as const satisfies Record<TitleImageKind, string>;

/**
 * A title image uploaded in the console: checked like a page (a still RGB
 * image under the pixel limit), cropped to the size the reader draws it at,
 * WebP. Its name carries a hash of the result, so the URL changes exactly when
 * the bytes do and every cache (browsers, a CDN, every node's store) can keep
 * the old one for ever. Stored before the row points at it: a failure leaves
 * an unreferenced file at worst, never a row pointing at nothing.
 */
export async function storeTitleImage(blobs: Blobs, titleId: number, kind: TitleImageKind, data: Buffer): Promise<string> {
  await checkImage(`The ${kind} image`, data, UPLOAD_LIMITS.maxImagePixels);
  const size = TITLE_IMAGES[kind];
  const webp = await decoded(`The ${kind} image`, () =>
    sharp(data, { limitInputPixels: UPLOAD_LIMITS.maxImagePixels })
      .rotate()
      .resize({ width: size.width, height: size.height, fit: 'cover' })
      .webp(WEBP)
      .toBuffer(),
  );
  const hash = crypto.createHash('sha256').update(webp).digest('hex').slice(0, 16);
  const rel = `title/${titleId}/${kind}_${hash}.webp`;
  await blobs.put(rel, webp);
  return `/img/${rel}`;
}
