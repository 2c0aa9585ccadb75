import { describe, expect, it } from 'vitest';
import { usableLocale } from './localeTag';

describe('usableLocale: a tag Intl takes, from what the browser reports', () => {
  it('a valid tag is itself', () => {
    expect(usableLocale('de-DE', 'fr')).toBe('de-DE');
    expect(usableLocale('pt-BR')).toBe('pt-BR');
    expect(usableLocale('zh-Hant-TW', 'en')).toBe('zh-Hant-TW');
  });

  it('an invalid one (a POSIX locale name, empty, none) gives the interface language, then English', () => {
    for (const bad of ['C', 'en_US', 'C.UTF-8', '', null, undefined]) {
      expect(usableLocale(bad, 'es')).toBe('es');
      expect(usableLocale(bad)).toBe('en');
      expect(usableLocale(bad, 'POSIX!', null)).toBe('en');
    }
    expect(() => new Intl.DateTimeFormat(usableLocale('C', 'th'))).not.toThrow();
    expect(() => new Intl.DateTimeFormat('C')).toThrow(RangeError);
  });
});
