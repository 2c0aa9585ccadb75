import { byShort, type ShortCode } from './languages';

/**
 * A staff member's home preview opens the reader at `?preview=<short code>` (the console's grant
 * names the paths): the page is the reader in that language, interface and content, without
 * changing what the visitor stored. The reader reads it (src/lib/storage/firstViewPrefs.ts), the
 * server renders the page's first view in it (server/plugins/web.ts), the console's grant writes it.
 */
const PREVIEW_PARAM = 'preview';

/** The previewed language a page address carries, or null (none, or not a language). */
export function previewLanguage(search: string | undefined): ShortCode | null {
  const short = new URLSearchParams(search ?? '').get(PREVIEW_PARAM);
  return (short && byShort(short)?.short) || null;
}

/** A path opened as the preview in `short`. */
export const previewPath = (path: string, short: string): string => `${path}?${PREVIEW_PARAM}=${encodeURIComponent(short)}`;
