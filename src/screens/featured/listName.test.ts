import { afterAll, describe, expect, it } from 'vitest';
import { setMessages } from '../../i18n';
import { featuredListName } from './listName';
import es from '../../i18n/locales/es/featured.json';
import en from '../../i18n/locales/en/featured.json';

const area = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [`featured.${k}`, v]));

describe('featuredListName', () => {
  afterAll(() => setMessages('en', {}));
  it('gives the catalog list names in the interface language, and unknown names as they came', () => {
    setMessages('es', area(es), area(en));
    expect(featuredListName('Fantasy')).toBe('Fantasía');
    expect(featuredListName('Our Picks')).toBe('Nuestra selección');
    expect(featuredListName('Sports Spirit')).toBe('Espíritu deportivo');
    expect(featuredListName('Summer Specials')).toBe('Summer Specials');
  });
});
