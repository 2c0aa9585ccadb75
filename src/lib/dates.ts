import { useSyncExternalStore } from 'react';
import { usableLocale } from '../../core/localeTag';

/**
 * Dates written in the browser's locale (000 §2: a comment's creation date is
 * "a short date in the browser's locale", navigator.language), whatever the
 * service language. Under server rendering there is no browser: the page is
 * rendered in the interface locale, and the browser's own locale replaces it
 * right after hydration (useSyncExternalStore's server snapshot). A browser
 * language that is no language tag ("C") is replaced by the interface locale
 * (core/localeTag.ts): Intl would throw, and the screen go blank.
 */
export function shortDate(seconds: number, locale: string): string {
  return new Intl.DateTimeFormat(usableLocale(locale), { dateStyle: 'short' }).format(new Date(seconds * 1000));
}

/** navigator.language in the browser (else `serverLocale`, where it is no tag); `serverLocale` under server rendering and while hydrating. */
export function useBrowserLocale(serverLocale: string): string {
  return useSyncExternalStore(
    subscribe,
    () => usableLocale(navigator.language, serverLocale),
    () => serverLocale,
  );
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}
