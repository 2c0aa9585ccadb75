import { describe, expect, it } from 'vitest';
import { counterPages, mangaPageNumbers } from './pageCounter';
import type { ItemKind } from './spreads';

const items = (kinds: ItemKind[]) => kinds.map((kind) => ({ kind }));
const one = (n: number) => ({ items: [n] });

describe('page counter: pages, not inserted items', () => {
  it('numbers manga pages only; banners, ads and the end page are not counted', () => {
    const n = mangaPageNumbers(items(['bannerList', 'manga', 'manga', 'ad', 'manga', 'insertBanner', 'manga', 'last']));
    expect(n.total).toBe(4);
    expect([...n.of.entries()]).toEqual([
      [1, 1],
      [2, 2],
      [4, 3],
      [6, 4],
    ]);
  });

  it('vertical (one slot per item): an inserted item shows the page before it, page 1 before the first page', () => {
    const kinds: ItemKind[] = ['bannerList', 'manga', 'manga', 'ad', 'manga', 'insertBanner', 'manga', 'last'];
    const shown = counterPages(
      kinds.map((_, i) => one(i)),
      mangaPageNumbers(items(kinds)),
    );
    expect(shown.map((c) => c && `${c.first}-${c.last}/${c.total}`)).toEqual([
      '1-1/4',
      '1-1/4',
      '2-2/4',
      '2-2/4',
      '3-3/4',
      '3-3/4',
      '4-4/4',
      '4-4/4',
    ]);
  });

  it('horizontal: a spread of two pages counts both, a split wide page one on both of its slots', () => {
    const kinds: ItemKind[] = ['manga', 'manga', 'manga', 'ad', 'manga', 'manga', 'last'];
    const spreads = [{ items: [0] }, { items: [2, 1] }, { items: [3] }, { items: [4] }, { items: [4] }, { items: [5] }, { items: [6] }];
    const shown = counterPages(spreads, mangaPageNumbers(items(kinds)));
    expect(shown.map((c) => c && [c.first, c.last])).toEqual([
      [1, 1],
      [2, 3],
      [3, 3],
      [4, 4],
      [4, 4],
      [5, 5],
      [5, 5],
    ]);
    expect(shown.every((c) => c?.total === 5)).toBe(true);
  });

  it('a chapter without manga pages has nothing to count', () => {
    expect(counterPages([one(0)], mangaPageNumbers(items(['last'])))).toEqual([null]);
  });
});
