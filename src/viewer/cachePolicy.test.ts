import { describe, expect, it } from 'vitest';
import { CACHE, imageBytes, toAbort, toEvict, wanted, weightedDistance } from './cachePolicy';

const all = () => true;

describe('page cache policy', () => {
  it('reaches further ahead than behind and puts visible pages first', () => {
    const w = wanted([10, 11], 10, 300, all);
    expect(w.slice(0, 2)).toEqual([10, 11]);
    expect(Math.max(...w)).toBe(10 + CACHE.ahead);
    expect(Math.min(...w)).toBe(10 - CACHE.behind);
    expect(w.length).toBeLessThanOrEqual(CACHE.cap);
    // the next page comes before the previous one
    expect(w.indexOf(12)).toBeLessThan(w.indexOf(9));
  });

  it('skips items without images and stays inside the chapter', () => {
    const w = wanted([0], 0, 5, (i) => i !== 2);
    expect(w).toEqual([0, 1, 3, 4]);
  });

  it('evicts the farthest decoded pages (behind weighs more) down to the cap', () => {
    const decoded = Array.from({ length: 14 }, (_, i) => i + 20); // 20..33
    const ev = toEvict(decoded, 28, new Set([28]));
    expect(ev).toHaveLength(2);
    // 20 is 8 behind (8/3), 33 is 5 ahead (5/7): behind goes first
    expect(ev).toContain(20);
    expect(ev).toContain(21);
    expect(weightedDistance(20, 28)).toBeGreaterThan(weightedDistance(33, 28));
    expect(toEvict([1, 2, 3], 2, new Set())).toEqual([]);
  });

  it('never evicts kept pages and makes room for incoming ones', () => {
    const decoded = Array.from({ length: 12 }, (_, i) => i);
    expect(toEvict(decoded, 0, new Set(decoded))).toEqual([]);
    expect(toEvict(decoded, 0, new Set([0]), CACHE, 1)).toEqual([11]);
  });

  it('counts bytes too: a webtoon strip takes the room of many pages, the pages on screen always stay', () => {
    const strip = imageBytes(960, 24000);
    const page = imageBytes(960, 1344);
    const c = { ahead: 7, behind: 3, cap: 12, capBytes: strip * 2 + page * 4 };
    // Pages 10..13 are strips (known from an earlier decode), the rest ordinary pages.
    const bytesOf = (i: number) => (i >= 10 && i <= 13 ? strip : page);
    // At 10 with 10 on screen: 10 and the next strip fit, the strips beyond do not; the small pages still do.
    const w = wanted([10], 10, 30, () => true, c, bytesOf);
    expect(w.slice(0, 2)).toEqual([10, 11]);
    expect(w).not.toContain(12);
    expect(w).not.toContain(13);
    expect(w).toContain(9);
    // Three strips on screen are all kept, even over the cap.
    expect(wanted([10, 11, 12], 10, 30, () => true, c, bytesOf).slice(0, 3)).toEqual([10, 11, 12]);
    // Decoded 8, 9, 10, 11 with one more strip coming: the farthest go until the bytes fit.
    expect(toEvict([8, 9, 10, 11], 10, new Set([10]), c, 1, bytesOf, strip)).toEqual([8, 9, 11]);
    expect(toEvict([8, 9, 10], 10, new Set([10]), c, 1, bytesOf, page)).toEqual([]);
    expect(toEvict([9, 10], 10, new Set(), c, 0, bytesOf)).toEqual([]);
    expect(imageBytes(800, 20000)).toBe(64_000_000);
  });

  it('aborts fetches that are no longer wanted', () => {
    expect(toAbort([1, 2, 40], new Set([40, 41]))).toEqual([1, 2]);
  });
});
