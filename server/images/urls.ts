/**
 * Page image URLs and sizes, shared by the viewer API and the image route.
 * Widths of a single page per quality; a DOUBLE page is twice as wide.
 * pages.width/height in the database are at "high".
 */
export const QUALITIES = ['low', 'high', 'super_high'] as const;
export type Quality = (typeof QUALITIES)[number];

export const SINGLE_WIDTH: Record<Quality, number> = { low: 480, high: 960, super_high: 1440 };

export function isQuality(q: unknown): q is Quality {
  return typeof q === 'string' && (QUALITIES as readonly string[]).includes(q);
}

/** The size of a page at a quality, from its size at "high". */
export function pageSize(width: number, height: number, q: Quality): { width: number; height: number } {
  const f = SINGLE_WIDTH[q] / SINGLE_WIDTH.high;
  return { width: Math.round(width * f), height: Math.round(height * f) };
}

/** The encrypted page image: /img/page/<chapterId>/<idx>/<quality>.webp */
export function pageUrl(base: string, chapterId: number, idx: number, q: Quality): string {
  return `${base}/img/page/${chapterId}/${idx}/${q}.webp`;
}

// (Making an answer's URLs absolute is the wire's business: server/lib/absoluteUrls.ts.)
export { absoluteUrls } from '../lib/absoluteUrls.js';
