import { describe, expect, it } from 'vitest';
import { Language } from './gen/manga/v1/common_pb';
import { byLanguage, LANGUAGES } from './languages';

describe('the nine languages', () => {
  it('carry the generated wire enum values (written out in languages.ts)', () => {
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
    expect(byLanguage(Language.VIETNAMESE)?.service).toBe('vie');
  });
});
