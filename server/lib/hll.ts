import { createHash } from 'node:crypto';
import { decode, decodeMax, encodePacked, encodeSparse, PACKED_FROM } from './hllText.js';

/**
 * A HyperLogLog distinct-count sketch: 2^14 registers (standard error
 * 1.04/√16384 ≈ 0.8%), a 64-bit hash (MD5's first 8 bytes), and Ertl's
 * improved estimator ("New cardinality estimation algorithms for
 * HyperLogLog sketches", 2017), which needs no bias tables and holds from one
 * id to billions. Sketches merge by taking each register's maximum, so the
 * hours of a day add up to the day and days to a month without keeping ids.
 *
 * Why not bloom-filters' HyperLogLog (installed for this): its register is
 * the 0-based position of the first 1 bit, so an empty register and one
 * holding the first bit look alike and its linear counting reads half the
 * true count below 2.5·m (measured: 1,000 ids → 489); and its update turns
 * each hash into a 64-character string (~0.4 ms an id), too slow for the
 * recording path. The README says so; a well-kept replacement is the lead's call.
 */
const P = 14;
export const M = 1 << P;
/** Bits left for the rank after the register index. */
const Q = 64 - P;
/** Up to this many set registers a sketch is sparse in memory (4 bytes a register); past it, dense. */
const SPARSE_MAX = M / 8;

/**
 * The registers of a sketch. Sparse while few are set: a list of entries
 * (index · 64 + value) whose first `sorted` are in index order, one per index,
 * and the rest appended since (sorted and deduplicated when the list is
 * full, or when read); dense (one byte per register) past SPARSE_MAX. An
 * hourly rollup row of a chapter holds a few dozen readers, so a flush's
 * thousands of cells and a dashboard's thousands of rows cost their
 * entries, not 16 KB each (issue 33's bench).
 */
export class Hll {
  private dense: Uint8Array | null = null;
  private list = new Uint32Array(8);
  private len = 0;
  private sorted = 0;

  /**
   * An empty sketch kept dense from the start: the accumulator of a
   * dashboard's many rows, which merges each stored text straight into its
   * registers (mergeText) instead of growing and sorting a list.
   */
  static dense(): Hll {
    const h = new Hll();
    h.toDense();
    return h;
  }

  add(id: string): void {
    this.addHashed(Hll.hash(id));
  }

  /** An id's register and rank: hashed once, then added to every sketch the id goes into. */
  static hash(id: string): number {
    const h = createHash('md5').update(id).digest();
    const hi = h.readUInt32BE(0);
    const lo = h.readUInt32BE(4);
    const idx = lo & (M - 1);
    const rest = lo >>> P;
    // The rank: 1 + leading zeros of the Q bits left (hi, then rest's 32 − P bits).
    const rank = hi !== 0 ? Math.clz32(hi) + 1 : rest !== 0 ? 32 + Math.clz32(rest) - P + 1 : Q + 1;
    return idx * 64 + rank;
  }

  addHashed(hashed: number): void {
    const d = this.dense;
    if (d) {
      const idx = hashed >>> 6;
      const rank = hashed & 63;
      if (rank > d[idx]) d[idx] = rank;
      return;
    }
    if (this.len === this.list.length) this.makeRoom();
    if (this.dense) this.addHashed(hashed);
    else this.list[this.len++] = hashed;
  }

  /** Whether the sketch is still sparse (a list of its set registers). */
  get isSparse(): boolean {
    return this.dense === null;
  }

  /** A full list: deduplicated, then grown, or made dense past SPARSE_MAX registers. */
  private makeRoom(): void {
    this.compact();
    if (this.len > SPARSE_MAX) this.toDense();
    else if (this.len * 2 > this.list.length) {
      const bigger = new Uint32Array(this.list.length * 2);
      bigger.set(this.list.subarray(0, this.len));
      this.list = bigger;
    }
  }

  /** Sorts the list by index and keeps each index's highest value. */
  private compact(): void {
    if (this.sorted === this.len) return;
    const a = this.list.subarray(0, this.len).sort();
    let o = 0;
    for (let i = 0; i < a.length; i++) {
      // Same index: the later entry has the higher value (sorted by index · 64 + value).
      if (o > 0 && a[o - 1] >>> 6 === a[i] >>> 6) a[o - 1] = a[i];
      else a[o++] = a[i];
    }
    this.len = this.sorted = o;
  }

  private toDense(): void {
    const d = new Uint8Array(M);
    for (let i = 0; i < this.len; i++) {
      const e = this.list[i];
      if ((e & 63) > d[e >>> 6]) d[e >>> 6] = e & 63;
    }
    this.dense = d;
    this.list = new Uint32Array(0);
    this.len = this.sorted = 0;
  }

  /** Adds another sketch's readers: each register its maximum of the two. */
  merge(other: Hll): this {
    const b = other.dense;
    if (!b) {
      for (let i = 0; i < other.len; i++) this.addHashed(other.list[i]);
      return this;
    }
    return this.mergeRegisters(b);
  }

  private mergeRegisters(b: Uint8Array): this {
    if (!this.dense) this.toDense();
    const a = this.dense!;
    for (let i = 0; i < M; i++) if (b[i] > a[i]) a[i] = b[i];
    return this;
  }

  /** A copy to merge into while this one stays as it is. */
  clone(): Hll {
    const h = new Hll();
    if (this.dense) h.dense = this.dense.slice();
    else {
      h.list = this.list.slice();
      h.len = this.len;
      h.sorted = this.sorted;
    }
    return h;
  }

  /** The registers, one byte each (a copy). */
  registers(): Uint8Array {
    if (this.dense) return this.dense.slice();
    this.compact();
    const d = new Uint8Array(M);
    for (let i = 0; i < this.len; i++) d[this.list[i] >>> 6] = this.list[i] & 63;
    return d;
  }

  count(): number {
    const c = new Array<number>(Q + 2).fill(0);
    if (this.dense) for (let i = 0; i < M; i++) c[this.dense[i]]++;
    else {
      this.compact();
      c[0] = M - this.len;
      for (let i = 0; i < this.len; i++) c[this.list[i] & 63]++;
    }
    let z = M * tau(1 - c[Q + 1] / M);
    for (let k = Q; k >= 1; k--) z = 0.5 * (z + c[k]);
    z += M * sigma(c[0] / M);
    return Math.round((M * M) / (2 * Math.LN2 * z));
  }

  /** Text for a rollup row (hllText.ts): sparse triples while few registers are set, else packed registers. */
  serialise(): string {
    if (!this.dense) {
      this.compact();
      if (this.len >= PACKED_FROM) return encodePacked(this.registers());
      return encodeSparse(this.list.subarray(0, this.len));
    }
    const entries: number[] = [];
    for (let i = 0; i < M && entries.length < PACKED_FROM; i++) if (this.dense[i]) entries.push(i * 64 + this.dense[i]);
    return entries.length < PACKED_FROM ? encodeSparse(entries) : encodePacked(this.dense);
  }

  /** Merges a stored sketch (serialise()'s text) without building it first: merge(Hll.parse(text)), cheaper. */
  mergeText(text: string | null | undefined): this {
    if (!text) return this;
    if (text[0] !== 'S' && !this.dense) this.toDense();
    if (this.dense) decodeMax(text, this.dense);
    else decode(text, M, (i, v) => this.addHashed(i * 64 + v));
    return this;
  }

  static parse(text: string | null | undefined): Hll {
    const h = new Hll();
    if (!text) return h;
    if (text[0] !== 'S') return h.mergeText(text);
    const bytes = Buffer.from(text.slice(1), 'base64');
    const n = Math.floor(bytes.length / 3);
    h.list = new Uint32Array(Math.max(8, n));
    let ordered = true;
    for (let i = 0, o = 0; i < n; i++, o += 3) {
      h.list[i] = ((bytes[o] << 8) | bytes[o + 1]) * 64 + bytes[o + 2];
      if (i > 0 && h.list[i] >>> 6 <= h.list[i - 1] >>> 6) ordered = false;
    }
    h.len = n;
    // Written in index order, one entry per index; sorted on the first read if not.
    h.sorted = ordered ? n : 0;
    if (n > SPARSE_MAX) h.makeRoom();
    return h;
  }
}

function sigma(x: number): number {
  if (x === 1) return Infinity;
  let y = 1;
  let z = x;
  for (;;) {
    x *= x;
    const prev = z;
    z += x * y;
    y += y;
    if (z === prev) return z;
  }
}

function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  for (;;) {
    x = Math.sqrt(x);
    const prev = z;
    y *= 0.5;
    z -= (1 - x) ** 2 * y;
    if (z === prev) return z / 3;
  }
}
