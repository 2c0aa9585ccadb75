/**
 * Border crop of a page image: the share of its width (left, right) and
 * height (top, bottom) that is a uniform white or black border, each in
 * [0, 0.5). The decode worker measures it; the layout decides what is cut
 * (the same amount on both pages of a spread; in vertical mode only the
 * sides and the strip's outer ends) and the renderer draws what is left.
 */
export interface ImageCrop {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const NO_CROP: ImageCrop = { left: 0, top: 0, right: 0, bottom: 0 };

/** How measureCrop tells a border. */
export const CROP_RULES = {
  /** A pixel within this of pure white (every channel ≥ 255 - tolerance) or pure black (≤ tolerance): JPEG and WebP noise, paper tint. */
  tolerance: 32,
  /** A line is border when at most this share of its pixels (at least one) are not (specks, dust). */
  outliers: 0.01,
  /** Never more than this share from one side. */
  maxShare: 0.45,
} as const;

type Border = 'white' | 'black';

/** Whether the n pixels from `start`, `step` bytes apart, are a white or black border line. */
function lineBorder(px: Uint8ClampedArray, start: number, step: number, n: number): Border | undefined {
  const t = CROP_RULES.tolerance;
  const allowed = Math.max(1, Math.floor(n * CROP_RULES.outliers));
  let notWhite = 0;
  let notBlack = 0;
  for (let k = 0, p = start; k < n; k++, p += step) {
    const lo = Math.min(px[p], px[p + 1], px[p + 2]);
    const hi = Math.max(px[p], px[p + 1], px[p + 2]);
    if (lo < 255 - t) notWhite++;
    if (hi > t) notBlack++;
    if (notWhite > allowed && notBlack > allowed) return undefined;
  }
  return notWhite <= allowed ? 'white' : 'black';
}

/** How many lines from the first, of `count`, are border of the first line's colour. */
function run(count: number, line: (k: number) => Border | undefined): number {
  const kind = line(0);
  if (!kind) return 0;
  let k = 1;
  while (k < count && line(k) === kind) k++;
  return k;
}

/**
 * The white or black border of an RGBA image (its rows from the top and the
 * bottom, then its columns from the left and right within the rows left):
 * lines of nearly only near-white or near-black pixels, each side's colour
 * taken from its outermost line. At most 45% from a side; an image that is
 * all border (a blank page) gives NO_CROP. Meant for a small copy of the
 * page (the decode worker measures one about 256 px tall): cheap, and the
 * averaging of the shrink smooths noise.
 */
export function measureCrop(rgba: Uint8ClampedArray, width: number, height: number): ImageCrop {
  if (width < 1 || height < 1 || rgba.length < width * height * 4) return NO_CROP;
  const row = (y: number) => lineBorder(rgba, y * width * 4, 4, width);
  const top = run(height, row);
  if (top === height) return NO_CROP;
  const bottom = run(height, (k) => row(height - 1 - k));
  const y0 = top;
  const rows = height - top - bottom;
  const share = (lines: number, of: number) => Math.min(CROP_RULES.maxShare, lines / of);
  // Two borders meeting (white above, black below): nothing between them to measure the sides on.
  if (rows <= 0) return { left: 0, top: share(top, height), right: 0, bottom: share(bottom, height) };
  const col = (x: number) => lineBorder(rgba, (y0 * width + x) * 4, width * 4, rows);
  let left = run(width, col);
  let right = run(width, (k) => col(width - 1 - k));
  // Every column is border (a faint line across a blank page): the sides have no border of their own.
  if (left === width) left = right = 0;
  return { left: share(left, width), top: share(top, height), right: share(right, width), bottom: share(bottom, height) };
}
