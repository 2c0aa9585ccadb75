import { Language } from '../../core/gen/manga/v1/common_pb.js';

/** The nine languages: wire enum, service code (lang=), short code (clang=), BCP-47 locale. */
export const LANGS = [
  { language: Language.ENGLISH, service: 'eng', short: 'en', locale: 'en-US' },
  { language: Language.SPANISH, service: 'esp', short: 'es', locale: 'es-ES' },
  { language: Language.FRENCH, service: 'fra', short: 'fr', locale: 'fr-FR' },
  { language: Language.INDONESIAN, service: 'ind', short: 'id', locale: 'id-ID' },
  { language: Language.PORTUGUESE_BR, service: 'ptb', short: 'pt', locale: 'pt-BR' },
  { language: Language.RUSSIAN, service: 'rus', short: 'ru', locale: 'ru-RU' },
  { language: Language.THAI, service: 'tha', short: 'th', locale: 'th-TH' },
  { language: Language.GERMAN, service: 'deu', short: 'de', locale: 'de-DE' },
  { language: Language.VIETNAMESE, service: 'vie', short: 'vi', locale: 'vi-VN' },
] as const;

export type LangInfo = (typeof LANGS)[number];

const byCode = new Map<string, LangInfo>();
for (const l of LANGS) {
  byCode.set(l.service, l);
  byCode.set(l.short, l);
}

/** A service code (eng) or short code (en), case-insensitive. */
export function langByCode(code: string): LangInfo | undefined {
  return byCode.get(code.trim().toLowerCase());
}

export function langInfo(language: number): LangInfo {
  return LANGS.find((l) => l.language === language) ?? LANGS[0];
}

export function serviceCode(language: number): string {
  return langInfo(language).service;
}
