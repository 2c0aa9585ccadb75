import { describe, expect, it } from 'vitest';
import { CACHE, toAbort, toEvict, wanted, weightedDistance } from './cachePolicy';

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

  it('aborts fetches that are no longer wanted', () => {
    expect(toAbort([1, 2, 40], new Set([40, 41]))).toEqual([1, 2]);
  });
});
