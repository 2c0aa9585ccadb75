import sharp, { type Sharp } from 'sharp';
import { PageType } from '../../core/gen/manga/v1/viewer_pb.js';
import { QUALITIES, SINGLE_WIDTH, type Quality } from '../images/urls.js';
import { newPageKey, xorWithKey } from '../images/crypto.js';
import { WEBP } from '../images/store.js';
import { IMAGE_EXT } from './importSource.js';
import { PageProblem } from './pageProblem.js';
import { checkImage, decoded } from './imageCheck.js';

/**
 * The one path a page takes (the console's upload job and `npm run import`):
 * checked (a real image, not empty, not animated, not CMYK, under the pixel
 * limit), resized to the three qualities' widths (the height follows: a
 * webtoon strip keeps its full width however tall it gets), encoded and
 * XOR-encrypted with a random key per page. Landscape pages become DOUBLE.
 */
export interface ProcessedPage {
  type: PageType;
  /** Wider than DOUBLE_RATIO: the board suggests DOUBLE. */
  suggestDouble: boolean;
  /** At the "high" quality. */
  width: number;
  height: number;
  key: string;
  /** Encrypted, per quality. */
  files: Record<Quality, Buffer>;
  /** A plain 240 px wide WebP for the console's page board. */
  thumb: Buffer;
}

/** Landscape pages (wider than this ratio) are DOUBLE spreads. */
const DOUBLE_RATIO = 1.2;
/** Pixels of one page (a 1,600 x 30,000 webtoon strip fits). */
const MAX_PAGE_PIXELS = 60_000_000;

/** The largest side WebP and baseline JPEG can hold. */
const WEBP_MAX = 16383;
const JPEG_MAX = 65535;
const THUMB_WIDTH = 240;

/**
 * WebP when the page fits it; a taller strip as JPEG (same quality), and
 * beyond JPEG's limit as PNG. The file keeps its .webp URL: it is served
 * encrypted and the viewer decodes the bytes whatever their format
 * (createImageBitmap reads the format from the data).
 */
function encode(img: Sharp, width: number, height: number): Promise<Buffer> {
  const side = Math.max(width, height);
  if (side <= WEBP_MAX) return img.webp(WEBP).toBuffer();
  if (side <= JPEG_MAX) return img.jpeg({ quality: WEBP.quality, mozjpeg: false }).toBuffer();
  return img.png({ compressionLevel: 6 }).toBuffer();
}

export async function processPage(name: string, data: Buffer, maxPixels = MAX_PAGE_PIXELS): Promise<ProcessedPage> {
  if (!IMAGE_EXT.test(name))
    throw new PageProblem('not-an-image', `${name} is not an image file name (.jpg, .png, .webp, .gif, .avif, .tif).`);
  const meta = await checkImage(name, data, maxPixels);
  const double = meta.width / meta.height > DOUBLE_RATIO;
  const key = newPageKey();
  const highW = SINGLE_WIDTH.high * (double ? 2 : 1);
  const files = {} as Record<Quality, Buffer>;
  // Decoded once; each quality is a resize of that (sharp clones share the input).
  const base = sharp(data, { limitInputPixels: maxPixels }).rotate();
  const thumb = await decoded(name, async () => {
    for (const q of QUALITIES) {
      const w = SINGLE_WIDTH[q] * (double ? 2 : 1);
      files[q] = xorWithKey(await encode(base.clone().resize({ width: w }), w, Math.round((meta.height * w) / meta.width)), key);
    }
    return base
      .clone()
      .resize({
        width: THUMB_WIDTH,
        height: Math.min(THUMB_WIDTH * 4, Math.round((meta.height * THUMB_WIDTH) / meta.width)),
        fit: 'cover',
        position: 'top',
      })
      .webp({ quality: 70, effort: 2 })
      .toBuffer();
  });
  return {
    type: double ? PageType.DOUBLE : PageType.SINGLE,
    suggestDouble: double,
    width: highW,
    height: Math.round((meta.height * highW) / meta.width),
    key,
    files,
    thumb,
  };
}
