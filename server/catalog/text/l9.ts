import { Language } from '../../../core/gen/manga/v1/common_pb.js';

/** The nine content languages, in the order the phrase banks list them. */
export const LANG_CODES = ['en', 'es', 'fr', 'id', 'pt', 'ru', 'th', 'de', 'vi'] as const;
export type LangCode = (typeof LANG_CODES)[number];

/** One string per language. */
export type L9 = Record<LangCode, string>;

export const LANG_ENUM: Record<LangCode, Language> = {
  en: Language.ENGLISH,
  es: Language.SPANISH,
  fr: Language.FRENCH,
  id: Language.INDONESIAN,
  pt: Language.PORTUGUESE_BR,
  ru: Language.RUSSIAN,
  th: Language.THAI,
  de: Language.GERMAN,
  vi: Language.VIETNAMESE,
};

export const SERVICE_CODE: Record<LangCode, string> = {
  en: 'eng',
  es: 'esp',
  fr: 'fra',
  id: 'ind',
  pt: 'ptb',
  ru: 'rus',
  th: 'tha',
  de: 'deu',
  vi: 'vie',
};

export function codeOf(lang: Language): LangCode {
  const c = LANG_CODES.find((k) => LANG_ENUM[k] === lang);
  if (!c) throw new Error(`not a content language: ${lang}`);
  return c;
}

/**
 * Accepts a short code (en), a service code (eng) or an enum name
 * (ENGLISH, english); undefined when it is none of the nine.
 */
export function parseLanguage(input: string): LangCode | undefined {
  const v = input.trim().toLowerCase();
  for (const c of LANG_CODES) {
    if (v === c || v === SERVICE_CODE[c] || v === Language[LANG_ENUM[c]].toLowerCase()) return c;
  }
  if (v === 'pt-br' || v === 'pt_br' || v === 'portuguese') return 'pt';
  return undefined;
}

/** Builds an L9 from strings listed in LANG_CODES order. */
export function l9(...v: string[]): L9 {
  if (v.length !== 9) throw new Error(`expected 9 strings, got ${v.length}: ${v[0]}`);
  return Object.fromEntries(LANG_CODES.map((c, i) => [c, v[i]!])) as L9;
}
