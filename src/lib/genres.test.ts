import { afterAll, describe, expect, it } from 'vitest';
import { setMessages } from '../i18n';
import { genreName } from './genres';
import ru from '../i18n/locales/ru/genres.json';
import en from '../i18n/locales/en/genres.json';

const area = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [`genres.${k}`, v]));

describe('genreName', () => {
  afterAll(() => setMessages('en', {}));
  it('gives the catalog genre tags in the interface language, and unknown tags as they came', () => {
    setMessages('ru', area(ru), area(en));
    expect(genreName({ slug: 'action', tag: 'Action' })).toBe('Боевик');
    expect(genreName({ slug: 'slice-of-life', tag: 'Slice of Life' })).toBe('Повседневность');
    expect(genreName({ slug: 'cooking', tag: 'Cooking' })).toBe('Cooking');
  });
  it('has every genre in all nine languages', async () => {
    const { LOCALES } = await import('../i18n');
    const keys = Object.keys(en).sort();
    for (const l of LOCALES) {
      const m = (await import(`../i18n/locales/${l}/genres.json`)) as { default: Record<string, string> };
      expect(Object.keys(m.default).sort(), l).toEqual(keys);
    }
  });
});
