import { useSyncExternalStore } from 'react';

/**
 * Dates written in the browser's locale (000 §2: a comment's creation date is
 * "a short date in the browser's locale", navigator.language), whatever the
 * service language. Under server rendering there is no browser: the page is
 * rendered in the interface locale, and the browser's own locale replaces it
 * right after hydration (useSyncExternalStore's server snapshot).
 */
export function shortDate(seconds: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(new Date(seconds * 1000));
}

/** navigator.language in the browser; `serverLocale` under server rendering and while hydrating. */
export function useBrowserLocale(serverLocale: string): string {
  return useSyncExternalStore(subscribe, browserLocale, () => serverLocale);
}

function browserLocale(): string {
  return navigator.language;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}
