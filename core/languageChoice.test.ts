import { describe, expect, it } from 'vitest';
import { chooseLanguages } from './languageChoice';

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
});
