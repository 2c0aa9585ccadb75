/**
 * The locale catalogs hold copy for readers. Message names of the
 * specification (NO_FAVORITE, NOT_FOUND_RESULT, LOADING…) are not copy: no
 * value may start with an UPPER_SNAKE key.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, plural, setMessages, t } from './index';

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

describe('plural: a count’s form in the interface locale', () => {
  const catalog = (locale: string) => {
    const out: Record<string, string> = {};
    for (const file of readdirSync(join(dir, locale)))
      for (const [k, v] of Object.entries(JSON.parse(readFileSync(join(dir, locale, file), 'utf8')) as Record<string, string>))
        out[`${file.slice(0, -'.json'.length)}.${k}`] = v;
    return out;
  };
  const en = catalog('en');

  it('takes the form of the count’s category, "_other" for one the locale does not write apart', () => {
    setMessages('ru', catalog('ru'), en);
    expect([1, 2, 5, 21, 22, 25, 1.5].map((n) => plural('comments.like', n))).toEqual([
      'Нравится (1 лайк)',
      'Нравится (2 лайка)',
      'Нравится (5 лайков)',
      'Нравится (21 лайк)',
      'Нравится (22 лайка)',
      'Нравится (25 лайков)',
      'Нравится (1,5 лайка)',
    ]);
    setMessages('en', en);
    expect([0, 1, 2, 1234].map((n) => plural('comments.like', n))).toEqual([
      'Like (0 likes)',
      'Like (1 like)',
      'Like (2 likes)',
      'Like (1,234 likes)',
    ]);
    setMessages('pt', catalog('pt'), en);
    // Portuguese "many" (a million): no form of its own, "_other".
    expect([1, 3, 1_000_000].map((n) => plural('comments.unlike', n))).toEqual([
      'Descurtir (1 curtida)',
      'Descurtir (3 curtidas)',
      'Descurtir (1.000.000 curtidas)',
    ]);
    // A key the locale lacks: English's form for the count.
    setMessages('de', {}, en);
    expect(plural('comments.like', 1)).toBe('Like (1 like)');
  });

  it.each(LOCALES)('%s: every counted key has its "_other" form and only forms of the locale’s categories', (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
    const keys = Object.keys(catalog(locale));
    const counted = keys.filter((k) => /_(zero|one|two|few|many|other)$/.test(k));
    expect(counted.length).toBeGreaterThan(0);
    for (const k of counted) {
      const [, base, category] = /^(.*)_(\w+)$/.exec(k)!;
      expect([k, categories.includes(category ?? '')]).toEqual([k, true]);
      expect(keys).toContain(`${base}_other`);
    }
    // The plain keys the forms replaced are gone.
    expect(keys).not.toContain('comments.like');
    expect(keys).not.toContain('comments.unlike');
  });
});
