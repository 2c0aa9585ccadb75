/**
 * Stylesheets a page loads without holding its first frame: on /viewer/{id}
 * pages whose first pages are drawn ahead (chapterStartDrawing.ts) the server
 * links them with media="print" and this attribute (server/plugins/web.ts);
 * the entry applies them before the app renders anything they style.
 */
import { DEFERRED_STYLE } from '../../core/pageMarkup';

/** Applies the page's deferred stylesheets; resolves once each has loaded (or failed). */
export function applyDeferredStyles(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(`link[rel="stylesheet"][${DEFERRED_STYLE}]`)];
  return Promise.all(
    links.map((l) => {
      l.removeAttribute(DEFERRED_STYLE);
      l.media = 'all';
      // (Fetched already while the page loaded: `sheet` is set once it has.)
      if (l.sheet) return Promise.resolve();
      return new Promise<void>((resolve) => {
        l.addEventListener('load', () => resolve(), { once: true });
        l.addEventListener('error', () => resolve(), { once: true });
      });
    }),
  ).then(() => undefined);
}
