import { describe, expect, it } from 'vitest';
import { Hll, M } from './hll.js';

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `reader-${from + i}`);
const sketch = (list: string[]) => {
  const h = new Hll();
  for (const id of list) h.add(id);
  return h;
};

describe('the distinct-reader sketch (HyperLogLog, issue 33)', () => {
  it('counts 100k and 250k distinct ids within 2%, and small sets exactly', () => {
    for (const n of [100_000, 250_000]) {
      const est = sketch(ids(0, n)).count();
      expect(Math.abs(est - n) / n, `${n} ids counted as ${est}`).toBeLessThanOrEqual(0.02);
    }
    for (const n of [0, 1, 2, 10, 100]) expect(sketch(ids(0, n)).count()).toBe(n);
  });

  it('ids seen again do not add; merged days count the union, not the sum', () => {
    const mon = sketch(ids(0, 60_000));
    const tue = sketch(ids(40_000, 120_000));
    const week = new Hll().merge(mon).merge(tue);
    expect(Math.abs(week.count() - 120_000) / 120_000).toBeLessThanOrEqual(0.02);
    const again = sketch([...ids(0, 60_000), ...ids(0, 60_000)]);
    expect(again.count()).toBe(mon.count());
    // Merging is order-free and idempotent.
    expect(new Hll().merge(tue).merge(mon).merge(mon).reg).toEqual(week.reg);
  });

  it('survives its text form, sparse and dense, register for register', () => {
    for (const n of [0, 5, 500, 50_000]) {
      const h = sketch(ids(0, n));
      const text = h.serialise();
      expect(text[0]).toBe(n < 2000 ? 'S' : 'Z');
      expect(Hll.parse(text).reg).toEqual(h.reg);
    }
    expect(new Hll().reg.length).toBe(M);
  });
});
