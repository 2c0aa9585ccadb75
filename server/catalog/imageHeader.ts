/**
 * What the first bytes of an image file say: its format, and for PNG, GIF,
 * WebP and JPEG its size in pixels, read from the header before the rest of
 * the file is buffered (pageBytes.ts refuses a page over the pixel limit
 * there). TIFF and AVIF/HEIF are known by their signature only: their size
 * can sit anywhere in the file, so they are measured by sharp once read
 * (under the byte cap).
 */
export type Header =
  /** Not one of the formats pages may be: refused at once. */
  | { kind: 'unknown' }
  /** Too few bytes yet to tell. */
  | { kind: 'more' }
  | { kind: 'image'; format: string; width?: number; height?: number };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes a signature needs (the longest: RIFF....WEBP, ....ftyp). */
const SIGNATURE_BYTES = 12;
/** How far into a JPEG its frame header is looked for (EXIF and ICC segments come first); past it, sharp measures. */
const JPEG_WINDOW = 1024 * 1024;

const starts = (b: Buffer, s: string, at = 0) => b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;

function png(b: Buffer): Header {
  if (b.length < 24) return { kind: 'more' };
  return { kind: 'image', format: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): Header {
  if (b.length < 10) return { kind: 'more' };
  return { kind: 'image', format: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function webp(b: Buffer): Header {
  if (b.length < 30) return { kind: 'more' };
  if (starts(b, 'VP8 ', 12))
    return { kind: 'image', format: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (starts(b, 'VP8L', 12)) {
    const bits = b.readUInt32LE(21);
    return { kind: 'image', format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (starts(b, 'VP8X', 12)) return { kind: 'image', format: 'webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return { kind: 'image', format: 'webp' };
}

/** A start-of-frame marker (baseline, progressive, lossless, arithmetic; not DHT C4, JPG C8, DAC CC). */
const isFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpeg(b: Buffer): Header {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return { kind: 'unknown' };
    const marker = b[i + 1];
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    if (isFrame(marker)) {
      if (i + 9 > b.length) break;
      return { kind: 'image', format: 'jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    // Image data started without a frame header: sharp decides.
    if (marker === 0xda) return { kind: 'image', format: 'jpeg' };
    i += 2 + b.readUInt16BE(i + 2);
  }
  return b.length >= JPEG_WINDOW ? { kind: 'image', format: 'jpeg' } : { kind: 'more' };
}

/** The header of `head` (the file's first bytes); `whole` when they are all of it (a short file is not "more"). */
export function imageHeader(head: Buffer, whole = false): Header {
  const h = sniff(head);
  return h.kind === 'more' && whole ? { kind: 'unknown' } : h;
}

function sniff(b: Buffer): Header {
  // No image is this short: wait for more (a file that ends here is refused by imageHeader).
  if (b.length < SIGNATURE_BYTES) return { kind: 'more' };
  if (b.subarray(0, 8).equals(PNG)) return png(b);
  if (starts(b, 'GIF87a') || starts(b, 'GIF89a')) return gif(b);
  if (starts(b, 'RIFF') && starts(b, 'WEBP', 8)) return webp(b);
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  if (starts(b, 'II*\0') || starts(b, 'MM\0*')) return { kind: 'image', format: 'tiff' };
  if (starts(b, 'ftyp', 4)) return { kind: 'image', format: 'heif' };
  return { kind: 'unknown' };
}
