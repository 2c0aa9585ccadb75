/**
 * The console's strings: its own catalogs (console/i18n/locales/<locale>.json,
 * so the reader's bundle carries none of them) on the shared runtime
 * (web/i18n.ts), typed by the console's own keys. The shared pieces (Modal,
 * Loading) get their words from the console's catalog through their props.
 * The console speaks English, Japanese (the publisher group's own language) and Thai
 * (a publisher's Thai staff use it).
 */
import type en from './locales/en.json';
import { createStrings, type InterfaceLocale, type Messages } from '../../web/i18n';

export const CONSOLE_LOCALES = ['en', 'ja', 'th'] as const satisfies readonly InterfaceLocale[];
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];
/** A key of the console's catalogs (English holds every key; a test checks Japanese and Thai hold the same). */
export type ConsoleKey = keyof typeof en;

const loaders = import.meta.glob<Messages>('./locales/*.json', { import: 'default' });

const isConsoleLocale = (s: string): s is ConsoleLocale => (CONSOLE_LOCALES as readonly string[]).includes(s);

const strings = createStrings<ConsoleLocale, ConsoleKey>('en');
export const { t, locale, setMessages, plural } = strings;
/** A message whose key is built from a value (a state, a role, a problem code): tests/model/consoleCatalogs.test.ts checks those keys exist. */
export const tBuilt = (key: `console.${string}`, params?: Record<string, string | number>): string => strings.tBuilt(key, params);

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
  const [table, english] = await Promise.all([loaders[`./locales/${l}.json`](), loaders['./locales/en.json']()]);
  setMessages(l, table, english);
  document.documentElement.lang = l;
}
