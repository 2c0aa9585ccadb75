import { inflateRawSync } from 'node:zlib';

/**
 * The stored text of a HyperLogLog's registers (hll.ts), a letter and base64:
 *
 * - 'S': the set registers as (index u16, value u8) triples, in index order;
 *   the smaller form up to ~820 set registers.
 * - 'B': packed: the number set (u16), a bitmap of the set registers (one
 *   bit each), their values in 4 bits each in index order (15: the value is
 *   the next of the bytes after them). Read with a loop over the bitmap:
 *   a dashboard merges thousands of stored sketches a request, and inflating
 *   the earlier dense form cost ~280 µs a row (a zlib handle each call)
 *   against ~25 µs (issue 33's bench: 100 titles × 29 days).
 * - 'Z': every register, deflated: written before 'B', still read.
 */

/** Set registers from which 'B' is smaller than 'S' (3n > 2 + m/8 + n/2). */
export const PACKED_FROM = 820;

export function encodeSparse(entries: ArrayLike<number>): string {
  const out = Buffer.alloc(entries.length * 3);
  for (let i = 0, o = 0; i < entries.length; i++, o += 3) {
    out.writeUInt16BE(entries[i] >>> 6, o);
    out[o + 2] = entries[i] & 63;
  }
  return 'S' + out.toString('base64');
}

export function encodePacked(reg: Uint8Array): string {
  let n = 0;
  let big = 0;
  for (let i = 0; i < reg.length; i++) {
    if (reg[i]) n++;
    if (reg[i] >= 15) big++;
  }
  const bitmap = 2;
  const nibbles = bitmap + reg.length / 8;
  let e = nibbles + ((n + 1) >> 1);
  const out = Buffer.alloc(e + big);
  out.writeUInt16BE(n, 0);
  for (let i = 0, k = 0; i < reg.length; i++) {
    const v = reg[i];
    if (!v) continue;
    out[bitmap + (i >> 3)] |= 1 << (i & 7);
    out[nibbles + (k >> 1)] |= (v >= 15 ? 15 : v) << ((k & 1) * 4);
    if (v >= 15) out[e++] = v;
    k++;
  }
  return 'B' + out.toString('base64');
}

/** Each register of a stored text into dense registers (reg), kept where reg has more: the dashboards' merge. */
export function decodeMax(text: string, reg: Uint8Array): void {
  const bytes = Buffer.from(text.slice(1), 'base64');
  if (text[0] !== 'B') {
    decode(text, reg.length, (i, v) => {
      if (v > reg[i]) reg[i] = v;
    });
    return;
  }
  const n = bytes.readUInt16BE(0);
  const nibbles = 2 + reg.length / 8;
  let e = nibbles + ((n + 1) >> 1);
  for (let byte = 0, k = 0; byte < reg.length / 8; byte++) {
    let bits = bytes[2 + byte];
    while (bits) {
      const i = byte * 8 + 31 - Math.clz32(bits & -bits);
      bits &= bits - 1;
      let v = (bytes[nibbles + (k >> 1)] >> ((k & 1) * 4)) & 15;
      if (v === 15) v = bytes[e++];
      if (v > reg[i]) reg[i] = v;
      k++;
    }
  }
}

/** Calls set(index, value) for each set register of a stored text (registers: m). */
export function decode(text: string, m: number, set: (index: number, value: number) => void): void {
  const bytes = Buffer.from(text.slice(1), 'base64');
  if (text[0] === 'S') {
    for (let o = 0; o + 2 < bytes.length; o += 3) set((bytes[o] << 8) | bytes[o + 1], bytes[o + 2]);
  } else if (text[0] === 'B') {
    const n = bytes.readUInt16BE(0);
    const nibbles = 2 + m / 8;
    let e = nibbles + ((n + 1) >> 1);
    for (let byte = 0, k = 0; byte < m / 8; byte++) {
      let bits = bytes[2 + byte];
      while (bits) {
        const bit = 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        let v = (bytes[nibbles + (k >> 1)] >> ((k & 1) * 4)) & 15;
        if (v === 15) v = bytes[e++];
        set(byte * 8 + bit, v);
        k++;
      }
    }
  } else {
    const reg = inflateRawSync(bytes);
    for (let i = 0; i < m && i < reg.length; i++) if (reg[i]) set(i, reg[i]);
  }
}
