import { describe, expect, it } from 'vitest';
import { assignVariant, compareShares, fnv1a, MIN_VISITORS, normalCdf, shareOf, winnerByShare } from './coverTests.js';

describe('cover tests: assignment', () => {
  it('is the same for a visitor and test every time, and differs between tests', () => {
    const v = 'a1b2c3d4e5f60718a1b2c3d4e5f60718';
    expect(assignVariant(v, 7, 3)).toBe(assignVariant(v, 7, 3));
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    // Over many visitors, tests 7 and 8 split them independently (not the same split twice).
    let same = 0;
    for (let i = 0; i < 1000; i++) if (assignVariant(`visitor-${i}`, 7, 2) === assignVariant(`visitor-${i}`, 8, 2)) same++;
    expect(same).toBeGreaterThan(400);
    expect(same).toBeLessThan(600);
  });

  it('splits visitors about evenly between two or three variants; one variant is everyone', () => {
    for (const n of [2, 3]) {
      const counts = new Array<number>(n).fill(0);
      for (let i = 0; i < 3000; i++) counts[assignVariant(`${i.toString(16).padStart(32, '0')}`, 42, n)]++;
      for (const c of counts) expect(Math.abs(c - 3000 / n)).toBeLessThan(3000 / n / 10);
    }
    expect(assignVariant('anyone-at-all', 1, 1)).toBe(0);
  });
});

describe('cover tests: confidence', () => {
  it('the normal distribution function at known points', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-1.644854)).toBeCloseTo(0.05, 5);
  });

  it('says not enough data below the minimum sample, then tests the difference', () => {
    expect(compareShares({ visitors: 50, readers: 20 }, { visitors: 50, readers: 5 })).toEqual({
      kind: 'not-enough',
      needVisitors: MIN_VISITORS - 50,
    });
    // Every visitor read: no non-readers, the normal approximation does not hold.
    expect(compareShares({ visitors: 200, readers: 200 }, { visitors: 200, readers: 150 }).kind).toBe('not-enough');
    // 30% against 20% of 1000 each: z ≈ 5.16, clearly a difference.
    const clear = compareShares({ visitors: 1000, readers: 300 }, { visitors: 1000, readers: 200 });
    expect(clear).toMatchObject({ kind: 'tested', significant: true });
    if (clear.kind === 'tested') {
      expect(clear.z).toBeCloseTo(5.16, 1);
      expect(clear.p).toBeLessThan(1e-5);
    }
    // 21% against 20% of 200 each: no difference to speak of.
    const unclear = compareShares({ visitors: 200, readers: 42 }, { visitors: 200, readers: 40 });
    expect(unclear).toMatchObject({ kind: 'tested', significant: false });
    if (unclear.kind === 'tested') expect(unclear.p).toBeGreaterThan(0.5);
  });

  it('the winner by share; a tie or no data goes to the first variant', () => {
    expect(
      winnerByShare([
        { visitors: 10, readers: 1 },
        { visitors: 10, readers: 3 },
        { visitors: 10, readers: 2 },
      ]),
    ).toBe(1);
    expect(
      winnerByShare([
        { visitors: 10, readers: 2 },
        { visitors: 20, readers: 4 },
      ]),
    ).toBe(0);
    expect(
      winnerByShare([
        { visitors: 0, readers: 0 },
        { visitors: 0, readers: 0 },
      ]),
    ).toBe(0);
    expect(shareOf({ visitors: 4, readers: 9 })).toBe(1);
  });
});
