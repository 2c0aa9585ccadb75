import type { Language } from './gen/manga/v1/common_pb';

/**
 * The one table of the nine languages, shared by the browser app and the
 * server: wire enum, its enum name, service code (lang=), short code
 * (clang=), BCP-47 locale and own name. Every other language lookup (the
 * server's parameters, the catalog's text banks, push messages) derives
 * from it.
 *
 * The wire enum's values (wire-format.md) are written out: a type-only import
 * keeps the generated descriptors out of the app's entry, which reads the
 * languages before the rest of the app loads (languages.test.ts checks them
 * against the generated enum).
 */
const L = {
  ENGLISH: 0,
  SPANISH: 1,
  FRENCH: 2,
  INDONESIAN: 3,
  PORTUGUESE_BR: 4,
  RUSSIAN: 5,
  THAI: 6,
  GERMAN: 7,
  VIETNAMESE: 9,
} as const satisfies Record<string, Language>;

export interface LanguageInfo {
  language: Language;
  /** The wire enum's name (ENGLISH). */
  name: keyof typeof L;
  service: ServiceCode;
  short: ShortCode;
  /** BCP-47 locale, for dates and push messages. */
  locale: string;
  /** Its own name, for pickers. */
  native: string;
}

export type ServiceCode = 'eng' | 'esp' | 'fra' | 'ind' | 'ptb' | 'rus' | 'tha' | 'deu' | 'vie';
export type ShortCode = 'en' | 'es' | 'fr' | 'id' | 'pt' | 'ru' | 'th' | 'de' | 'vi';

const row = (name: keyof typeof L, service: ServiceCode, short: ShortCode, locale: string, native: string): LanguageInfo => ({
  language: L[name],
  name,
  service,
  short,
  locale,
  native,
});

/** The nine, in wire order (the catalog's text banks list their strings in this order too). */
export const LANGUAGES: readonly LanguageInfo[] = [
  row('ENGLISH', 'eng', 'en', 'en-US', 'English'),
  row('SPANISH', 'esp', 'es', 'es-ES', 'Español'),
  row('FRENCH', 'fra', 'fr', 'fr-FR', 'Français'),
  row('INDONESIAN', 'ind', 'id', 'id-ID', 'Bahasa Indonesia'),
  row('PORTUGUESE_BR', 'ptb', 'pt', 'pt-BR', 'Português (BR)'),
  row('RUSSIAN', 'rus', 'ru', 'ru-RU', 'Русский'),
  row('THAI', 'tha', 'th', 'th-TH', 'ภาษาไทย'),
  row('GERMAN', 'deu', 'de', 'de-DE', 'Deutsch'),
  row('VIETNAMESE', 'vie', 'vi', 'vi-VN', 'Tiếng Việt'),
];

/** The first row: English, the default wherever a language is missing. */
export const DEFAULT_LANGUAGE: LanguageInfo = LANGUAGES[0];

export const byService = (code: string) => LANGUAGES.find((l) => l.service === code);
export const byShort = (code: string) => LANGUAGES.find((l) => l.short === code);
export const byLanguage = (lang: Language) => LANGUAGES.find((l) => l.language === lang);

/** The short codes in table order. */
export const SHORT_CODES: readonly ShortCode[] = LANGUAGES.map((l) => l.short);

/** Each language by its short code. */
export const BY_SHORT = Object.fromEntries(LANGUAGES.map((l) => [l.short, l])) as Readonly<Record<ShortCode, LanguageInfo>>;

/** A service code (eng) or short code (en), case-insensitive. */
export function byCode(code: string): LanguageInfo | undefined {
  const v = code.trim().toLowerCase();
  return LANGUAGES.find((l) => l.service === v || l.short === v);
}

/** The language of a wire value; English for a value that is none of the nine. */
export const languageOrDefault = (lang: number): LanguageInfo => LANGUAGES.find((l) => Number(l.language) === lang) ?? DEFAULT_LANGUAGE;
