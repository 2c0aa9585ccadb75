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
