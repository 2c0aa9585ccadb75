/**
 * The console's strings: its own catalogs (console/i18n/locales/<locale>.json,
 * so the reader's bundle carries none of them) through the reader's t()
 * (src/i18n), which the shared components (Modal, Loading) also call. The
 * console speaks English and Japanese, the publisher group's own language.
 */
import { setMessages, type Locale } from '../../src/i18n';

export const CONSOLE_LOCALES = ['en', 'ja'] as const;
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];

const loaders = import.meta.glob<Record<string, string>>('./locales/*.json', { import: 'default' });

const isConsoleLocale = (s: string): s is ConsoleLocale => (CONSOLE_LOCALES as readonly string[]).includes(s);

/** The member's choice if any, else the browser's first language the console speaks. */
export function preferredLocale(stored: string | null, languages: readonly string[]): ConsoleLocale {
  if (stored && isConsoleLocale(stored)) return stored;
  for (const l of languages) {
    const base = l.toLowerCase().split('-')[0];
    if (isConsoleLocale(base)) return base;
  }
  return 'en';
}

export async function initConsoleI18n(l: ConsoleLocale): Promise<void> {
  const [table, en] = await Promise.all([loaders[`./locales/${l}.json`](), loaders['./locales/en.json']()]);
  // src/i18n's Locale lists the reader's languages; Japanese is the console's own (numbers format through Intl all the same).
  setMessages(l as unknown as Locale, table, en);
  document.documentElement.lang = l;
}

export { t } from '../../src/i18n';
