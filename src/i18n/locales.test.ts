/**
 * The locale catalogs hold copy for readers. Message names of the
 * specification (NO_FAVORITE, NOT_FOUND_RESULT, LOADING…) are not copy: no
 * value may start with an UPPER_SNAKE key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, setMessages, t } from './index';

const dir = join(import.meta.dirname, 'locales');
const KEY_PREFIX = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/;

describe('locale catalogs', () => {
  it.each(LOCALES)('%s: no value starts with an UPPER_SNAKE message key', (locale) => {
    const found: string[] = [];
    for (const file of readdirSync(join(dir, locale))) {
      const messages = JSON.parse(readFileSync(join(dir, locale, file), 'utf8')) as Record<string, string>;
      for (const [key, value] of Object.entries(messages)) if (KEY_PREFIX.test(value.trim())) found.push(`${file} ${key}: ${value}`);
    }
    expect(found).toEqual([]);
  });
});

describe('t: numbers in the interface locale', () => {
  it('groups numbers as the locale does; a string (a year) is written as it is', () => {
    setMessages('fr', { 'title.views': '{n} vues', 'shell.copyright': '© {year}' });
    expect(t('title.views', { n: 7_679_783 })).toBe('7\u202f679\u202f783 vues');
    expect(t('shell.copyright', { year: '2019' })).toBe('© 2019');
    setMessages('en', { 'title.views': '{n} views' });
    expect(t('title.views', { n: 7_679_783 })).toBe('7,679,783 views');
    setMessages('de', { 'title.views': '{n} Aufrufe' });
    expect(t('title.views', { n: 7_679_783 })).toBe('7.679.783 Aufrufe');
  });
});
