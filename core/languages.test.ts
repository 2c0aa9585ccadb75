import { describe, expect, it } from 'vitest';
import { Language } from './gen/manga/v1/common_pb';
import { BY_SHORT, byCode, byLanguage, LANGUAGES, languageOrDefault, SHORT_CODES } from './languages';

describe('the nine languages', () => {
  it('carry the generated wire enum values and names (written out in languages.ts)', () => {
    const byName = Object.fromEntries(LANGUAGES.map((l) => [l.short, l.language]));
    expect(byName).toEqual({
      en: Language.ENGLISH,
      es: Language.SPANISH,
      fr: Language.FRENCH,
      id: Language.INDONESIAN,
      pt: Language.PORTUGUESE_BR,
      ru: Language.RUSSIAN,
      th: Language.THAI,
      de: Language.GERMAN,
      vi: Language.VIETNAMESE,
    });
    for (const l of LANGUAGES) expect(Language[l.language]).toBe(l.name);
    expect(byLanguage(Language.VIETNAMESE)?.service).toBe('vie');
  });

  it('are found by short code or service code', () => {
    expect(byCode(' ENG ')?.short).toBe('en');
    expect(byCode('pt')?.service).toBe('ptb');
    expect(byCode('english')).toBeUndefined();
    expect(BY_SHORT.th.locale).toBe('th-TH');
    expect(SHORT_CODES).toEqual(['en', 'es', 'fr', 'id', 'pt', 'ru', 'th', 'de', 'vi']);
    expect(languageOrDefault(8).short).toBe('en');
  });
});
