/**
 * A locale Intl takes, from what the browser reports. `navigator.language`
 * is not always a BCP 47 tag (a POSIX "C" or "en_US" where the system's
 * locale is unset or odd), and `new Intl.DateTimeFormat("C")` throws a
 * RangeError: every Intl call with a browser-given locale goes through here.
 */

/** Whether Intl takes `tag` as a language tag. */
function isLanguageTag(tag: string | null | undefined): tag is string {
  if (!tag) return false;
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * `tag` itself when it is a valid language tag; else the first valid one of `fallbacks` (the
 * app's interface language), else English.
 */
export function usableLocale(tag: string | null | undefined, ...fallbacks: (string | null | undefined)[]): string {
  return [tag, ...fallbacks].find(isLanguageTag) ?? 'en';
}
