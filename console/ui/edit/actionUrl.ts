import type { Action } from '../../../core/console/schemas/home';

/**
 * A tap's target as the editor picks it, and the action URL the reader
 * understands (its app-link scheme, or a plain https address). The server
 * refuses any other scheme; the form never builds one.
 */
export type ActionTarget =
  | { kind: 'none' }
  | { kind: 'title'; id: string }
  | { kind: 'chapter'; id: string }
  | { kind: 'webview'; url: string }
  | { kind: 'web'; url: string };

export const ACTION_KINDS = ['none', 'title', 'chapter', 'webview', 'web'] as const;

export function toAction(a: ActionTarget): Action {
  switch (a.kind) {
    case 'none':
      return { method: 'push', url: '' };
    case 'title':
      return { method: 'push', url: `mangaplus://open/detail?id=${a.id.trim()}` };
    case 'chapter':
      return { method: 'push', url: `mangaplus://open/viewer?id=${a.id.trim()}` };
    case 'webview':
      return { method: 'push', url: `mangaplus://open/webview?url=${encodeURIComponent(a.url.trim())}` };
    case 'web':
      return { method: 'external', url: a.url.trim() };
  }
}

export function fromAction(a: Action): ActionTarget {
  const m = /^mangaplus:\/\/open\/(detail|viewer|webview)\?(?:id|url)=(.*)$/.exec(a.url);
  if (m?.[1] === 'detail') return { kind: 'title', id: m[2] };
  if (m?.[1] === 'viewer') return { kind: 'chapter', id: m[2] };
  if (m?.[1] === 'webview') return { kind: 'webview', url: decodeURIComponent(m[2]) };
  if (a.url === '') return { kind: 'none' };
  return { kind: 'web', url: a.url };
}
