import { Language } from '../gen/manga/v1/common_pb';

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
  { language: Language.ENGLISH, service: 'eng', short: 'en', native: 'English' },
  { language: Language.SPANISH, service: 'esp', short: 'es', native: 'Español' },
  { language: Language.FRENCH, service: 'fra', short: 'fr', native: 'Français' },
  { language: Language.INDONESIAN, service: 'ind', short: 'id', native: 'Bahasa Indonesia' },
  { language: Language.PORTUGUESE_BR, service: 'ptb', short: 'pt', native: 'Português (BR)' },
  { language: Language.RUSSIAN, service: 'rus', short: 'ru', native: 'Русский' },
  { language: Language.THAI, service: 'tha', short: 'th', native: 'ภาษาไทย' },
  { language: Language.GERMAN, service: 'deu', short: 'de', native: 'Deutsch' },
  { language: Language.VIETNAMESE, service: 'vie', short: 'vi', native: 'Tiếng Việt' },
];

export const byService = (code: string) => LANGUAGES.find((l) => l.service === code);
export const byShort = (code: string) => LANGUAGES.find((l) => l.short === code);
export const byLanguage = (lang: Language) => LANGUAGES.find((l) => l.language === lang);
