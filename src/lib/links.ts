import type { TransitionAction } from '../../core/gen/manga/v1/common_pb';

/**
 * Banner and popup action links (000 §2 "Banner and popup action links").
 * The server writes app links in the custom scheme APP_SCHEME:
 *   mangareader://viewer/{chapterId}   → /viewer/{chapterId}
 *   mangareader://detail/{titleId}     → /titles/{titleId}
 *   mangareader://webview?url={url}    → {url}   (also mangareader://webview/{encoded url})
 *   any-scheme://open/viewer?id={id}   (the original service's form) likewise
 * Any other value (https://…, /ranking, …) opens as a normal address.
 */
export interface ActionTarget {
  href: string;
  /** True when the address leaves this app (open in a new tab). */
  external: boolean;
}

function classify(href: string): ActionTarget {
  if (href.startsWith('/') && !href.startsWith('//')) return { href, external: false };
  try {
    const u = new URL(href, window.location.origin);
    if (u.origin === window.location.origin) return { href: u.pathname + u.search + u.hash, external: false };
  } catch {
    // Not a URL: keep it as given.
  }
  return { href, external: true };
}

export function actionHref(action?: TransitionAction): ActionTarget {
  const url = action?.url?.trim() ?? '';
  if (!url) return { href: '', external: false };
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)\/?([^?#]*)(\?[^#]*)?/i.exec(url);
  if (m && !/^https?$/i.test(m[1])) {
    // Both shapes exist: scheme://viewer/{id} and the original's scheme://open/viewer?id={id}.
    let host = m[2].toLowerCase();
    let rest = decodeURIComponent(m[3] ?? '');
    if (host === 'open' && rest) {
      const [h, ...tail] = rest.split('/');
      host = h.toLowerCase();
      rest = tail.join('/');
    }
    const query = new URLSearchParams(m[4] ?? '');
    const id = /^\d+$/.test(rest) ? rest : (query.get('id') ?? '');
    if (host === 'viewer' && /^\d+$/.test(id)) return { href: `/viewer/${id}`, external: false };
    if ((host === 'detail' || host === 'titles' || host === 'title_detail') && /^\d+$/.test(id)) {
      return { href: `/titles/${id}`, external: false };
    }
    if (host === 'webview') {
      const target = query.get('url') ?? rest;
      if (target) return classify(target);
    }
  }
  return classify(url);
}
