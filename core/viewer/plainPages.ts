/**
 * The plain page images of a chapter: the same page as the web viewer's
 * encrypted one (/img/page/<chapter>/<idx>/<quality>.webp, XOR-ed with its
 * key), served decrypted at /api/manga_viewer_v3/page/<chapter>/<idx>/<quality>.webp
 * to the holder of a current view token of its chapter (server/services/mobileViewer.ts
 * signs it, the page route checks it and the chapter's readability at every request).
 * The phone app's clients read every page so; the web viewer's page draws its
 * first pages so (src/boot/chapterStartDrawing.ts): the browser fetches and
 * decodes them as it does any image, from the page's preload.
 */

/** The encrypted page of the web viewer: chapter, page index and quality in its path. */
const WEB_PAGE = /\/img\/page\/(\d+)\/(\d+)\/([a-z_]+)\.webp$/;

/** The plain page's path. */
export const plainPagePath = (chapterId: number | string, idx: number | string, quality: string): string =>
  `/api/manga_viewer_v3/page/${chapterId}/${idx}/${quality}.webp`;

/** The plain page for an encrypted page's URL (same origin and base) and a view token; null for a URL that names no page. */
export function plainPageUrl(url: string, token: string): string | null {
  const m = WEB_PAGE.exec(url);
  if (!m) return null;
  return `${url.slice(0, m.index)}${plainPagePath(m[1], m[2], m[3])}?token=${encodeURIComponent(token)}`;
}
