/**
 * Which reading direction a chapter opens in (documents: section 4), as a
 * pure rule: vertical-only chapters read vertically, horizontal-only ones
 * horizontally, any other in the reader's stored choice (default vertical).
 * The viewer-mode machine resolves its state with it; the entry's first-page
 * drawing (src/boot/chapterStartDrawing.ts) lays out the first page with it before
 * the machine (and xstate) has loaded.
 */
export type ViewerMode = 'vertical' | 'horizontal';
/** A stored viewer mode (local storage or its cookie), or null when none or damaged. */
export function parseViewerMode(raw: unknown): ViewerMode | null {
  return raw === 'vertical' || raw === 'horizontal' ? raw : null;
}

export type ResolvedMode = ViewerMode | 'verticalOnly' | 'horizontalOnly';

export function resolveMode(c: { preferred: ViewerMode; verticalOnly: boolean; horizontalOnly: boolean }): ResolvedMode {
  if (c.verticalOnly) return 'verticalOnly';
  if (c.horizontalOnly) return 'horizontalOnly';
  return c.preferred;
}

/** The direction a resolved mode (or the machine's state value) reads in. */
export function modeOf(value: unknown): ViewerMode {
  return value === 'horizontal' || value === 'horizontalOnly' ? 'horizontal' : 'vertical';
}
