import { describe, expect, it } from 'vitest';
import { byReaderOrder, chooseLanguages, preferredTitle } from './languageChoice';

const SERVER = { defaultUi: 'en', defaultContent: ['en', 'es', 'fr'] };
const NOTHING = { storedService: null, storedContent: null, browser: null };

describe('chooseLanguages (first use)', () => {
  it("service language: stored, else the browser's, else the server's default", () => {
    expect(chooseLanguages({ ...NOTHING, storedService: 'de', browser: 'fr' }, SERVER).serviceLang).toBe('de');
    expect(chooseLanguages({ ...NOTHING, browser: 'fr' }, SERVER).serviceLang).toBe('fr');
    expect(chooseLanguages(NOTHING, SERVER).serviceLang).toBe('en');
  });

  it("content languages: stored, else the server's defaults (once each), else the service language", () => {
    expect(chooseLanguages({ ...NOTHING, storedContent: ['id'] }, SERVER).contentLangs).toEqual(['id']);
    expect(chooseLanguages({ ...NOTHING, storedContent: [] }, SERVER).contentLangs).toEqual(['en', 'es', 'fr']);
    expect(chooseLanguages(NOTHING, { defaultUi: 'en', defaultContent: ['es', '', 'es'] }).contentLangs).toEqual(['es']);
    expect(chooseLanguages({ ...NOTHING, browser: 'th' }, { defaultUi: 'en', defaultContent: [] })).toEqual({
      serviceLang: 'th',
      contentLangs: ['th'],
    });
  });

  it('the service language comes first among the defaults when it has titles', () => {
    const available = [
      { code: 'en', titlesCount: 30 },
      { code: 'ru', titlesCount: 4 },
      { code: 'th', titlesCount: 0 },
    ];
    const withTitles = { ...SERVER, available };
    expect(chooseLanguages({ ...NOTHING, browser: 'ru' }, withTitles).contentLangs).toEqual(['ru', 'en', 'es', 'fr']);
    // No Thai titles: the defaults as they are.
    expect(chooseLanguages({ ...NOTHING, browser: 'th' }, withTitles).contentLangs).toEqual(['en', 'es', 'fr']);
    // Already a default: moved first, once.
    expect(chooseLanguages({ ...NOTHING, browser: 'fr' }, { ...SERVER, available: [{ code: 'fr', titlesCount: 2 }] }).contentLangs).toEqual(
      ['fr', 'en', 'es'],
    );
    // A stored choice is the reader's own: left alone.
    expect(chooseLanguages({ ...NOTHING, browser: 'ru', storedContent: ['en'] }, withTitles).contentLangs).toEqual(['en']);
  });
});

describe("a series shown once, in the reader's first content language", () => {
  const EN = 0;
  const ES = 1;
  const FR = 2;
  const titles = [
    { id: 'en', language: EN },
    { id: 'es', language: ES },
    { id: 'fr', language: FR },
  ];

  it("orders a series' titles by the reader's content languages, others after them", () => {
    expect(byReaderOrder(titles, [FR, EN]).map((t) => t.id)).toEqual(['fr', 'en', 'es']);
    expect(byReaderOrder(titles, null).map((t) => t.id)).toEqual(['en', 'es', 'fr']);
  });

  it('picks the title of the first content language that has one', () => {
    expect(preferredTitle(titles, [ES, EN])?.id).toBe('es');
    expect(preferredTitle(titles.slice(0, 1), [ES, EN])?.id).toBe('en');
    expect(preferredTitle([], [EN])).toBeUndefined();
  });
});
