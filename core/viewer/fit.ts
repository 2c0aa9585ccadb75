/**
 * The layout's scaling and border-crop rules, in plain numbers (layout.ts
 * applies them). Horizontal fit modes scale a spread's (cropped) content:
 * `screen` whole inside the window, `width` to the window's width, `height`
 * to its height, `original` 1 image px to 1 CSS px. Crops: a measured crop
 * (crop.ts) is used only when known and each side is in [0, 0.5); a spread of
 * two pages is cut by the same amount on both pages (top and bottom the
 * smaller of the two, the outer sides the smaller of the two outer values,
 * the gutter sides the smaller of the two inner values, never for joined
 * halves); in vertical mode only the sides (the smaller of left and right on
 * both, so the page stays centred) and the strip's outer ends.
 */
import { NO_CROP, type ImageCrop } from './crop';
import type { ColumnFit, HorizontalFit } from './readerSettings';

interface Size {
  width: number;
  height: number;
}

/** Scale that fits content of (w, h) image px into the window by the fit mode. */
export function fitScale(fit: HorizontalFit, w: number, h: number, v: Size): number {
  if (w <= 0 || h <= 0) return 0;
  switch (fit) {
    case 'width':
      return v.width / w;
    case 'height':
      return v.height / h;
    case 'original':
      return 1;
    default:
      return Math.min(v.width / w, v.height / h);
  }
}

/** Width of a manga page in the vertical column: at most maxWidth, padding on both sides, never under half the window. */
export function columnWidth(c: ColumnFit, v: Size): number {
  return Math.max(0, Math.min(c.maxWidth, Math.max(v.width - 2 * c.padding, v.width / 2)));
}

const side = (x: number) => Number.isFinite(x) && x >= 0 && x < 0.5;

/** The measured crop when it may be applied, else undefined. */
export function usableCrop(c: ImageCrop | undefined): ImageCrop | undefined {
  return c && side(c.left) && side(c.top) && side(c.right) && side(c.bottom) ? c : undefined;
}

export function isNoCrop(c: ImageCrop): boolean {
  return c.left === 0 && c.top === 0 && c.right === 0 && c.bottom === 0;
}

/** Crops of the two pages of a spread, given as [left page, right page] on screen. */
export function pairCrops(l: ImageCrop, r: ImageCrop, joined: boolean): [ImageCrop, ImageCrop] {
  const top = Math.min(l.top, r.top);
  const bottom = Math.min(l.bottom, r.bottom);
  const outer = Math.min(l.left, r.right);
  const inner = joined ? 0 : Math.min(l.right, r.left);
  return [
    { left: outer, top, right: inner, bottom },
    { left: inner, top, right: outer, bottom },
  ];
}

/** Crop of a manga page in the vertical column; `first`/`last`: the strip's first or last manga page. */
export function columnCrop(c: ImageCrop | undefined, first: boolean, last: boolean): ImageCrop {
  const u = usableCrop(c);
  if (!u) return NO_CROP;
  const s = Math.min(u.left, u.right);
  return { left: s, top: first ? u.top : 0, right: s, bottom: last ? u.bottom : 0 };
}

/** Size of what is left of (w, h) once cut by c. */
export function croppedSize(w: number, h: number, c: ImageCrop): Size {
  return { width: w * (1 - c.left - c.right), height: h * (1 - c.top - c.bottom) };
}
