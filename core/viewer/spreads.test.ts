import { describe, expect, it } from 'vitest';
import { buildSpreads, isWidePage, type Item, type MangaType, type SpreadOptions } from './spreads';

/**
 * Pairing rules beyond the exhaustive invariants of layout.test.ts: the
 * spread offset with and without the first page alone, wide pages, typed
 * halves under the offset, non-manga items and narrow screens.
 */
const page = (type: MangaType = 'single', width = 960, height = 1360): Item => ({ kind: 'manga', type, width, height });
const singles = (n: number) => Array.from({ length: n }, () => page());
const O: SpreadOptions = { rtl: false, narrow: false, singleSpread: false, spreadOffset: false, joinPages: true };
const pairs = (items: Item[], o: Partial<SpreadOptions> = {}) => buildSpreads(items, { ...O, ...o }).map((s) => s.items);

describe('spread offset and the first page alone', () => {
  it('shifts pairing by exactly one page, in all four combinations', () => {
    const items = singles(7);
    expect(pairs(items)).toEqual([[0, 1], [2, 3], [4, 5], [6]]);
    expect(pairs(items, { spreadOffset: true })).toEqual([[0], [1, 2], [3, 4], [5, 6]]);
    expect(pairs(items, { singleSpread: true })).toEqual([[0], [1, 2], [3, 4], [5, 6]]);
    expect(pairs(items, { singleSpread: true, spreadOffset: true })).toEqual([[0], [1], [2, 3], [4, 5], [6]]);
  });

  it('toggling the offset moves every pair boundary by one page, both directions', () => {
    for (const rtl of [false, true]) {
      for (const singleSpread of [false, true]) {
        const off = buildSpreads(singles(9), { ...O, rtl, singleSpread });
        const on = buildSpreads(singles(9), { ...O, rtl, singleSpread, spreadOffset: true });
        const starts = (s: typeof off) => s.filter((x) => x.items.length === 2).map((x) => x.items[0]);
        expect(starts(on)).toEqual(
          starts(off)
            .map((i) => i + 1)
            .filter((i) => i < 8),
        );
        // The first page of each pair on the reading-first side.
        for (const s of on.filter((x) => x.items.length === 2)) expect(s.sides).toEqual(rtl ? ['right', 'left'] : ['left', 'right']);
      }
    }
  });

  it('skips what stands alone anyway: banners, a DOUBLE first page', () => {
    const banner: Item = { kind: 'bannerList', width: 300, height: 400 };
    const items = [banner, page('double', 1920), ...singles(4)];
    expect(pairs(items, { singleSpread: true })).toEqual([[0], [1], [2, 3], [4, 5]]);
    expect(pairs(items, { singleSpread: true, spreadOffset: true })).toEqual([[0], [1], [2], [3, 4], [5]]);
    expect(pairs(items, { spreadOffset: true })).toEqual([[0], [1], [2], [3, 4], [5]]);
  });

  it('typed halves keep their sides under the offset', () => {
    const items = (['right', 'left', 'right', 'left'] as MangaType[]).map((t) => page(t));
    expect(pairs(items, { rtl: true })).toEqual([
      [0, 1],
      [2, 3],
    ]);
    // Offset: the first pair's first page alone; its LEFT partner cannot start a pair reading right to left.
    const shifted = buildSpreads(items, { ...O, rtl: true, spreadOffset: true });
    expect(shifted.map((s) => s.items)).toEqual([[0], [1], [2, 3]]);
    expect(shifted.map((s) => s.sides)).toEqual([['right'], ['left'], ['right', 'left']]);
    expect(shifted[2].joined).toBe(true);
  });
});

describe('pages that stand alone', () => {
  it('a DOUBLE page or any page wider than tall, whatever its type', () => {
    expect(isWidePage(page('double'))).toBe(true);
    expect(isWidePage(page('single', 1400, 1000))).toBe(true);
    expect(isWidePage(page('single', 1000, 1000))).toBe(false);
    expect(isWidePage({ kind: 'ad', width: 700, height: 400 })).toBe(false);
    const items = [page(), page(), page('single', 1800, 1300), page(), page('left', 1800, 1300), page()];
    const s = buildSpreads(items, O);
    expect(s.map((x) => x.items)).toEqual([[0, 1], [2], [3], [4], [5]]);
    // A wide page typed LEFT is a whole spread: centred, not on a side.
    expect(s[3].sides).toEqual(['center']);
  });

  it('a page never pairs with a wide page after it', () => {
    expect(pairs([page(), page('single', 1800, 1300)])).toEqual([[0], [1]]);
  });

  it('on a narrow screen every page alone, centred, offset or not', () => {
    for (const spreadOffset of [false, true]) {
      const s = buildSpreads([page('left'), page('right'), page()], { ...O, narrow: true, spreadOffset });
      expect(s.map((x) => x.items)).toEqual([[0], [1], [2]]);
      expect(s.every((x) => x.sides[0] === 'center')).toBe(true);
    }
  });

  it('halves are joined only with joinPages', () => {
    const items = [page('left'), page('right')];
    expect(buildSpreads(items, O)[0].joined).toBe(true);
    expect(buildSpreads(items, { ...O, joinPages: false })[0].joined).toBe(false);
    expect(buildSpreads([page(), page('right')], O)[0].joined).toBe(false);
  });
});
