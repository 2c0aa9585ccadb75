import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Hll, M } from './hll.js';

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `reader-${from + i}`);
const sketch = (list: string[]) => {
  const h = new Hll();
  for (const id of list) h.add(id);
  return h;
};
/** The registers of these ids, one byte each, the plain way. */
const reference = (list: string[]) => {
  const r = new Uint8Array(M);
  for (const id of list) {
    const h = Hll.hash(id);
    if ((h & 63) > r[h >>> 6]) r[h >>> 6] = h & 63;
  }
  return r;
};
/** A dense sketch of these registers (as a stored 'Z' row reads back). */
const dense = (reg: Uint8Array) => {
  const h = Hll.parse('Z' + deflateRawSync(reg).toString('base64'));
  expect(h.isSparse).toBe(false);
  return h;
};

describe('the distinct-reader sketch (HyperLogLog)', () => {
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
    expect(new Hll().merge(tue).merge(mon).merge(mon).registers()).toEqual(week.registers());
  });

  it('survives its text form, sparse and packed, register for register', () => {
    for (const n of [0, 5, 500, 1000, 2100, 50_000]) {
      const h = sketch(ids(0, n));
      const text = h.serialise();
      // Triples while they are the smaller form (up to ~820 registers set), then the packed registers.
      expect(text[0], `${n} ids`).toBe(n <= 800 ? 'S' : 'B');
      expect(Hll.parse(text).registers()).toEqual(h.registers());
      expect(Hll.parse(text).serialise()).toBe(text);
      expect(Hll.dense().mergeText(text).serialise()).toBe(text);
    }
    expect(new Hll().registers().length).toBe(M);
  });

  it('reads the deflated form stored before, and packs values of 15 and over', () => {
    const reg = reference(ids(0, 5000));
    for (const [i, v] of [
      [0, 15],
      [7, 20],
      [8, 51],
      [M - 1, 16],
    ]) {
      reg[i] = v;
    }
    const old = dense(reg);
    expect(old.registers()).toEqual(reg);
    const text = old.serialise();
    expect(text[0]).toBe('B');
    expect(Hll.parse(text).registers()).toEqual(reg);
    expect(new Hll().mergeText('Z' + deflateRawSync(reg).toString('base64')).registers()).toEqual(reg);
    // Packed is no larger than deflated at an hour's or a day's fill, and far quicker to read.
    expect(text.length).toBeLessThan(2 * ('Z' + deflateRawSync(reg).toString('base64')).length);
  });

  it('stays sparse while small, with the registers and estimates of a dense sketch of the same ids', () => {
    for (const n of [1, 30, 700, 2000, 2100, 3000, 8000]) {
      const list = ids(0, n);
      const h = sketch([...list, ...list.slice(0, n >> 1)]);
      const reg = reference(list);
      const set = reg.reduce((s, v) => s + (v ? 1 : 0), 0);
      // Sparse up to an eighth of the registers set (2,048), dense past it.
      expect(h.isSparse, `${n} ids, ${set} registers`).toBe(set <= M / 8);
      expect(h.registers()).toEqual(reg);
      // The same registers give the same estimate, so the error is the dense sketch's (1.04/√M ≈ 0.8%; 3σ here).
      expect(h.count()).toBe(dense(reg).count());
      expect(Math.abs(h.count() - n) / n, `${n} ids counted as ${h.count()}`).toBeLessThanOrEqual(0.025);
    }
  });

  it('merges sparse into dense and dense into sparse, either way round, into the union', () => {
    const small = sketch(ids(0, 300));
    const big = sketch(ids(200, 20_200));
    expect([small.isSparse, big.isSparse]).toEqual([true, false]);
    const union = reference(ids(0, 20_200));
    const a = small.clone().merge(big);
    const b = big.clone().merge(small);
    expect(a.registers()).toEqual(union);
    expect(b.registers()).toEqual(union);
    expect(a.count()).toBe(b.count());
    expect(Math.abs(a.count() - 20_200) / 20_200).toBeLessThanOrEqual(0.025);
    // The clones leave their sources as they were.
    expect(small.isSparse).toBe(true);
    expect(small.registers()).toEqual(reference(ids(0, 300)));
    expect(small.count()).toBe(dense(reference(ids(0, 300))).count());
  });

  it('sparse sketches merged into one turn dense once the union passes 2,048 registers, counting the same', () => {
    const hours = Array.from({ length: 40 }, (_, i) => sketch(ids(i * 100, i * 100 + 150)));
    const all = new Hll();
    for (const [i, h] of hours.entries()) {
      expect(h.isSparse).toBe(true);
      all.merge(Hll.parse(h.serialise()));
      if (i === 9) expect(all.isSparse).toBe(true);
    }
    expect(all.isSparse).toBe(false);
    expect(all.registers()).toEqual(reference(ids(0, 4050)));
    expect(Math.abs(all.count() - 4050) / 4050).toBeLessThanOrEqual(0.025);
  });

  it('merges a stored text straight into a sketch, sparse or dense, as merging the parsed sketch does', () => {
    const texts = [sketch(ids(0, 300)), sketch(ids(100, 1500)), sketch(ids(1000, 30_000))].map((h) => h.serialise());
    texts.push('Z' + deflateRawSync(sketch(ids(40_000, 44_000)).registers()).toString('base64'));
    expect(texts.map((t) => t[0])).toEqual(['S', 'B', 'B', 'Z']);
    for (const into of [() => new Hll(), () => Hll.dense(), () => sketch(ids(50_000, 50_100))]) {
      const direct = into();
      const parsed = into();
      for (const t of [...texts, null, '']) {
        direct.mergeText(t);
        parsed.merge(Hll.parse(t));
      }
      expect(direct.registers()).toEqual(parsed.registers());
      expect(direct.count()).toBe(parsed.count());
    }
    expect(Hll.dense().isSparse).toBe(false);
    expect(Hll.dense().count()).toBe(0);
  });
});
