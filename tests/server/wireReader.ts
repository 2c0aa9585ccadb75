/**
 * A protobuf reader that knows only field numbers and wire types (no
 * generated code), as a third-party client's own schema reads our answers:
 * the mobile and URL tests decode with it, by the numbers of
 * ../shared/wire-format.md.
 */
interface Field {
  no: number;
  wt: number;
  v: bigint | Uint8Array;
}

function varint(b: Uint8Array, i: number): [bigint, number] {
  let r = 0n;
  let s = 0n;
  for (;;) {
    const x = b[i++];
    r |= BigInt(x & 0x7f) << s;
    if (!(x & 0x80)) return [r, i];
    s += 7n;
  }
}

function fields(b: Uint8Array): Field[] {
  const out: Field[] = [];
  let i = 0;
  while (i < b.length) {
    const [tag, j] = varint(b, i);
    i = j;
    const no = Number(tag >> 3n);
    const wt = Number(tag & 7n);
    if (wt === 0) {
      const [v, k] = varint(b, i);
      out.push({ no, wt, v });
      i = k;
    } else if (wt === 2) {
      const [len, k] = varint(b, i);
      out.push({ no, wt, v: b.subarray(k, k + Number(len)) });
      i = k + Number(len);
    } else if (wt === 5) {
      out.push({ no, wt, v: b.subarray(i, i + 4) });
      i += 4;
    } else if (wt === 1) {
      out.push({ no, wt, v: b.subarray(i, i + 8) });
      i += 8;
    } else throw new Error(`wire type ${wt}`);
  }
  return out;
}

/** The field numbers present, in order (repeats included). */
export const numbers = (b: Uint8Array) => fields(b).map((f) => f.no);
/** A length-delimited field (a message or a string), the last one as proto3 decoders take it. */
export const msg = (b: Uint8Array, no: number) =>
  fields(b)
    .filter((f) => f.no === no && f.wt === 2)
    .at(-1)?.v as Uint8Array | undefined;
/** Every entry of a repeated length-delimited field. */
export const msgs = (b: Uint8Array, no: number) =>
  fields(b)
    .filter((f) => f.no === no && f.wt === 2)
    .map((f) => f.v as Uint8Array);
export const str = (b: Uint8Array, no: number) => new TextDecoder().decode(msg(b, no) ?? new Uint8Array());
/** A varint field (numbers, bools, enums); 0 when absent. */
export const num = (b: Uint8Array, no: number) => Number((fields(b).find((f) => f.no === no && f.wt === 0)?.v as bigint | undefined) ?? 0n);
/** Response.1 (success) → SuccessResult.<view>, or throws with what came instead. */
export function view(body: Buffer, no: number): Uint8Array {
  const b = new Uint8Array(body);
  const success = msg(b, 1);
  if (!success) throw new Error(`no success: ${str(msg(b, 2) ?? new Uint8Array(), 4)}`);
  const v = msg(success, no);
  if (!v) throw new Error(`SuccessResult has no field ${no}: ${numbers(success).join(',')}`);
  return v;
}
