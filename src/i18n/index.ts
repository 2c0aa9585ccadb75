/**
 * Interface strings. Each area of the app keeps its own catalog per locale
 * in locales/<locale>/<area>.json; keys are used as "<area>.<key>".
 * Only the current locale (and English, the fallback) is loaded, before
 * the app renders. Changing the service language reloads the page. The
 * runtime (placeholders, numbers, plurals) is the shared one, web/i18n.ts.
 */
import { createStrings, type InterfaceLocale, type Messages } from '../../web/i18n';

export const LOCALES = ['en', 'es', 'fr', 'id', 'th', 'pt', 'ru', 'de', 'vi'] as const satisfies readonly InterfaceLocale[];
export type Locale = (typeof LOCALES)[number];

const loaders = import.meta.glob<Record<string, string>>('./locales/*.ts', { import: 'default' });

const strings = createStrings<Locale>('en');

/** The catalogs of a locale. */
export function loadAll(locale: Locale): Promise<Record<string, string>> {
  return loaders[`./locales/${locale}.ts`]();
}

export function isLocale(s: string): s is Locale {
  return (LOCALES as readonly string[]).includes(s);
}

/** Loads the catalogs of a locale; call before the first render. */
export async function initI18n(locale: Locale): Promise<void> {
  const [t, f] = await Promise.all([loadAll(locale), locale === 'en' ? Promise.resolve(null) : loadAll('en')]);
  strings.setMessages(locale, t, f ?? t);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export const { locale, hasMessage, t, plural } = strings;

/**
 * Switches to catalogs already loaded, synchronously: server rendering (which
 * renders many locales in one process, with no await between this and its
 * render) and tests.
 */
export function setMessages(locale: Locale, messages: Messages, fallbackMessages: Messages = messages): void {
  strings.setMessages(locale, messages, fallbackMessages);
}
