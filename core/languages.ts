import type { Language } from './gen/manga/v1/common_pb';

/**
 * The wire enum's values (wire-format.md), written out: a type-only import
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

/** The nine languages: wire enum, service code (lang=), short code (clang=). */
export interface LanguageInfo {
  language: Language;
  service: ServiceCode;
  short: ShortCode;
  /** Its own name, for pickers. */
  native: string;
}

export type ServiceCode = 'eng' | 'esp' | 'fra' | 'ind' | 'ptb' | 'rus' | 'tha' | 'deu' | 'vie';
export type ShortCode = 'en' | 'es' | 'fr' | 'id' | 'pt' | 'ru' | 'th' | 'de' | 'vi';

export const LANGUAGES: readonly LanguageInfo[] = [
  { language: L.ENGLISH, service: 'eng', short: 'en', native: 'English' },
  { language: L.SPANISH, service: 'esp', short: 'es', native: 'Español' },
  { language: L.FRENCH, service: 'fra', short: 'fr', native: 'Français' },
  { language: L.INDONESIAN, service: 'ind', short: 'id', native: 'Bahasa Indonesia' },
  { language: L.PORTUGUESE_BR, service: 'ptb', short: 'pt', native: 'Português (BR)' },
  { language: L.RUSSIAN, service: 'rus', short: 'ru', native: 'Русский' },
  { language: L.THAI, service: 'tha', short: 'th', native: 'ภาษาไทย' },
  { language: L.GERMAN, service: 'deu', short: 'de', native: 'Deutsch' },
  { language: L.VIETNAMESE, service: 'vie', short: 'vi', native: 'Tiếng Việt' },
];

export const byService = (code: string) => LANGUAGES.find((l) => l.service === code);
export const byShort = (code: string) => LANGUAGES.find((l) => l.short === code);
export const byLanguage = (lang: Language) => LANGUAGES.find((l) => l.language === lang);
