/**
 * The reader's page resolution and the img_quality it asks for (documents:
 * section 4): Low / Medium / High → low / high / super_high. No xstate here:
 * the chapter's first-page drawing (src/boot/chapterStartDrawing.ts) and the server's
 * first view build the same chapter query as the page-resolution machine.
 */
export type Resolution = 'low' | 'medium' | 'high';
export type ImgQuality = 'low' | 'high' | 'super_high';

export const QUALITY_OF: Record<Resolution, ImgQuality> = { low: 'low', medium: 'high', high: 'super_high' };

/** With nothing stored, Medium (the wire default img_quality=high). */
export const DEFAULT_RESOLUTION: Resolution = 'medium';

export function isResolution(v: unknown): v is Resolution {
  return v === 'low' || v === 'medium' || v === 'high';
}
