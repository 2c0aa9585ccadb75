import { describe, expect, it } from 'vitest';
import { SHORT_CODES } from '../../../core/languages.js';
import { checkedWorks } from './seriesSpec.js';
import { SERIES } from './series.js';

const NAME = Object.fromEntries(SHORT_CODES.map((c) => [c, `Name ${c}`]));
const SLUGS = ['action', 'drama'];

describe('checkedWorks (the demo works from works.json)', () => {
  it('keeps a sound work as it is, its extras included', () => {
    expect(checkedWorks([{ kind: 'completed', genres: ['drama'], name: NAME, webtoon: true }], SLUGS)).toEqual([
      { kind: 'completed', genres: ['drama'], name: NAME, webtoon: true },
    ]);
  });

  it('refuses an unknown kind, a missing or extra language and an unknown genre', () => {
    expect(() => checkedWorks([{ kind: 'weekly', genres: [], name: NAME }], SLUGS)).toThrow(/unknown kind weekly/);
    const { vi: _vi, ...short } = NAME;
    expect(() => checkedWorks([{ kind: 'ongoing', genres: [], name: short }], SLUGS)).toThrow(/expected a name in/);
    expect(() => checkedWorks([{ kind: 'ongoing', genres: [], name: { ...NAME, ja: 'x' } }], SLUGS)).toThrow(/expected a name in/);
    expect(() => checkedWorks([{ kind: 'ongoing', genres: ['cooking'], name: NAME }], SLUGS)).toThrow(/unknown genres cooking/);
  });

  it('reads every demo work', () => {
    expect(SERIES).toHaveLength(36);
    expect(SERIES.filter((s) => s.webtoon).length).toBeGreaterThan(0);
  });
});
