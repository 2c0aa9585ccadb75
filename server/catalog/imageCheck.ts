import sharp, { type Metadata } from 'sharp';
import { PageProblem } from './pageProblem.js';

/**
 * The one check of every image the console takes (pages, title images,
 * banners, popups) and `npm run import`: checkImage reads the header (a real
 * image, not empty, not animated, not CMYK, under the pixel limit, of the
 * formats the caller takes), and `decoded` runs the conversion that follows,
 * where a file whose header is sound but whose data is not (a truncated PNG,
 * a corrupt JPEG) fails: that is the file's fault, a PageProblem
 * `not-an-image` (400), never a server error. The console answers a
 * PageProblem with its code (imageProblem in server/console/problems.ts).
 */
export async function checkImage(
  name: string,
  data: Buffer,
  maxPixels: number,
  formats?: ReadonlySet<string>,
): Promise<{ width: number; height: number }> {
  if (data.length === 0) throw new PageProblem('empty-file', `${name} is empty (0 bytes).`);
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new PageProblem('not-an-image', `${name} is not an image (PNG, JPEG, WebP, GIF, AVIF or TIFF).`);
  }
  if (!meta.width || !meta.height || !meta.format) throw new PageProblem('not-an-image', `${name} is not an image.`);
  if (formats && !formats.has(meta.format))
    throw new PageProblem('not-an-image', `${name} is ${meta.format}: use ${[...formats].join(', ')}.`);
  if ((meta.pages ?? 1) > 1) throw new PageProblem('animated-image', `${name} is animated or has several frames: upload a still image.`);
  if (meta.space === 'cmyk') throw new PageProblem('cmyk-image', `${name} is a CMYK image: export it as RGB (sRGB) and upload it again.`);
  const pixels = meta.width * meta.height;
  if (pixels > maxPixels)
    throw new PageProblem(
      'image-too-large',
      `${name} is ${meta.width} x ${meta.height} px, over the limit of ${Math.round(maxPixels / 1e6)} million pixels.`,
    );
  return { width: meta.width, height: meta.height };
}

/** A checked image's conversion: failing to decode it (truncated, corrupt data after a sound header) is `not-an-image`. */
export async function decoded<T>(name: string, convert: () => Promise<T>): Promise<T> {
  try {
    return await convert();
  } catch (e) {
    if (e instanceof PageProblem) throw e;
    throw new PageProblem('not-an-image', `${name} could not be decoded (${(e as Error).message.slice(0, 120)}).`);
  }
}
