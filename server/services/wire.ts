import { WireType } from '@bufbuild/protobuf/wire';

/**
 * Assembling answers from pre-encoded pieces. Protobuf fields may come in
 * any order and repeated entries are independent records, so a cached view
 * can be sent as its shared bytes plus the few per-visitor fields (viewed
 * chapters, favorite) written after them, without re-encoding the whole
 * message on every request.
 */
function varint(out: number[], v: number): void {
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
}

/** The tag and length of a length-delimited field. */
export function lenHeader(field: number, len: number): Uint8Array {
  const out: number[] = [];
  varint(out, (field << 3) | WireType.LengthDelimited);
  varint(out, len);
  return Uint8Array.from(out);
}

/** A length-delimited field with its body, as bytes. */
export function framed(field: number, body: Uint8Array): Uint8Array {
  const h = lenHeader(field, body.length);
  const out = new Uint8Array(h.length + body.length);
  out.set(h);
  out.set(body, h.length);
  return out;
}

/** `field: true`, as bytes. */
export function trueField(field: number): Uint8Array {
  const out: number[] = [];
  varint(out, (field << 3) | WireType.Varint);
  out.push(1);
  return Uint8Array.from(out);
}

/**
 * An answer being assembled from already encoded pieces, copied once at
 * the end: no re-encoding, and no copy per nesting level.
 */
export class Parts {
  readonly list: Uint8Array[] = [];
  len = 0;

  add(b: Uint8Array): this {
    this.list.push(b);
    this.len += b.length;
    return this;
  }

  /** A length-delimited field holding everything in p. */
  field(no: number, p: Parts): this {
    this.add(lenHeader(no, p.len));
    for (const b of p.list) this.list.push(b);
    this.len += p.len;
    return this;
  }

  /** Response{ success: SuccessResult{ <viewField>: these parts } }. */
  success(viewField: number): Buffer {
    const success = new Parts().field(viewField, this);
    return new Parts().field(1, success).buffer();
  }

  buffer(): Buffer {
    return Buffer.concat(this.list, this.len);
  }
}
