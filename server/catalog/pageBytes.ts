import type { Readable } from 'node:stream';
import { imageHeader } from './imageHeader.js';
import { PageProblem } from './pageProblem.js';

/** What one page's file may be, checked while it is read. */
export interface PageByteLimits {
  /** Bytes of one page file (an upload, or an archive entry as inflated). */
  maxPageBytes: number;
  maxPixels: number;
}

const MiB = 2 ** 20;

/**
 * One page's bytes, read from a stream (a file, an archive entry as it
 * inflates) with its checks made as the bytes come, before they are kept:
 * the first bytes must be an image's signature (a file of zeros named .png
 * stops at its first chunk), the size in its header must be under the pixel
 * limit, and the bytes actually read (not what an archive's header claims)
 * must stay under the byte cap. A refusal destroys the stream at once, so
 * no more is inflated: a page never holds more than the cap in memory.
 */
export function readPage(stream: Readable, name: string, limits: PageByteLimits, fail = (e: Error) => e): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let bytes = 0;
    let checked = false;
    let head = Buffer.alloc(0);
    let settled = false;
    const refuse = (e: Error) => {
      if (settled) return;
      settled = true;
      parts.length = 0;
      stream.destroy();
      reject(e);
    };
    /** The header, as soon as the first bytes tell it; true once it passed. */
    const check = (whole: boolean): boolean => {
      const h = imageHeader(head, whole);
      if (h.kind === 'more') return false;
      if (h.kind === 'unknown') throw new PageProblem('not-an-image', `${name} is not an image (PNG, JPEG, WebP, GIF, AVIF or TIFF).`);
      if (h.width !== undefined && h.height !== undefined && h.width * h.height > limits.maxPixels)
        throw new PageProblem(
          'image-too-large',
          `${name} is ${h.width} x ${h.height} px, over the limit of ${Math.round(limits.maxPixels / 1e6)} million pixels.`,
        );
      head = Buffer.alloc(0);
      return true;
    };
    stream.on('data', (chunk: Buffer) => {
      if (settled) return;
      bytes += chunk.length;
      try {
        if (bytes > limits.maxPageBytes)
          throw new PageProblem(
            'image-too-large',
            `${name} is over the limit of ${Math.round(limits.maxPageBytes / MiB)} MiB for one page.`,
          );
        if (!checked) {
          head = Buffer.concat([head, chunk]);
          checked = check(false);
        }
      } catch (e) {
        return refuse(e as Error);
      }
      parts.push(chunk);
    });
    stream.on('error', (e: Error) => refuse(fail(e)));
    stream.on('end', () => {
      if (settled) return;
      if (bytes === 0) return refuse(new PageProblem('empty-file', `${name} is empty (0 bytes).`));
      try {
        if (!checked) check(true);
      } catch (e) {
        return refuse(e as Error);
      }
      settled = true;
      resolve(Buffer.concat(parts, bytes));
    });
  });
}
