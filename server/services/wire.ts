import { create, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import { WireType } from '@bufbuild/protobuf/wire';
import { ResponseSchema, SuccessResultSchema } from '../../core/gen/manga/v1/response_pb.js';

/**
 * Assembling answers from pre-encoded pieces. Protobuf fields may come in
 * any order and repeated entries are independent records, so a cached view
 * can be sent as its shared bytes plus the few per-visitor pieces (viewed
 * chapters, liked comments, favorite) written after them, without
 * re-encoding the whole message on every request.
 *
 * Every field number comes from the generated descriptors (fieldNo), none is
 * written by hand; and a per-visitor flag is set one way, withFlag, whether
 * the answer is a message (?format=json) or pre-encoded bytes (entry keeps
 * both encodings of a flagged entry; trueFlag is a flag's own bytes).
 */

/** The oneof members' names of a message (SuccessResult: 'mangaViewer', 'titleDetailView', ...). */
type OneofCases<T> = { [K in keyof T]: T[K] extends { case: infer C } ? Exclude<C, undefined> : never }[keyof T];

/** A field's local name (its TypeScript property, or its case in a oneof). */
type FieldName<Desc extends DescMessage> = Exclude<keyof MessageShape<Desc>, '$typeName' | '$unknown'> | OneofCases<MessageShape<Desc>>;

/** The boolean fields of a message: the per-visitor flags are these (alreadyViewed, alreadyLiked, isSubscribed). */
type BoolField<Desc extends DescMessage> = {
  [K in keyof MessageShape<Desc>]: MessageShape<Desc>[K] extends boolean ? K : never;
}[keyof MessageShape<Desc>];

/** The number of a field (a oneof member too), from the generated descriptor. */
export function fieldNo<Desc extends DescMessage>(schema: Desc, name: FieldName<Desc> & string): number {
  const f = schema.field[name];
  if (!f) throw new Error(`${schema.typeName} has no field ${name}`);
  return f.number;
}

/** The message with a visitor flag set (or as it is): the one way per-visitor flags are set. */
export function withFlag<Desc extends DescMessage>(
  schema: Desc,
  msg: MessageShape<Desc>,
  flag: BoolField<Desc>,
  on = true,
): MessageShape<Desc> {
  return on ? create(schema, { ...msg, [flag]: true }) : msg;
}

/** A flag set true, as the bytes it adds to its message (appended after the message's other fields). */
export function trueFlag<Desc extends DescMessage>(schema: Desc, flag: BoolField<Desc>): Uint8Array {
  return toBinary(schema, create(schema, { [flag]: true } as MessageInitShape<Desc>));
}

function varint(out: number[], v: number): void {
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
}

/** The tag and length of a length-delimited field. */
function lenHeader(field: number, len: number): Uint8Array {
  const out: number[] = [];
  varint(out, (field << 3) | WireType.LengthDelimited);
  varint(out, len);
  return Uint8Array.from(out);
}

/** A length-delimited field with its body, as bytes. */
function framed(field: number, body: Uint8Array): Uint8Array {
  const h = lenHeader(field, body.length);
  const out = new Uint8Array(h.length + body.length);
  out.set(h);
  out.set(body, h.length);
  return out;
}

/** An entry of a repeated field, pre-encoded as it is and with its visitor flag set. */
export interface Entry {
  /** What the flag is about (a chapter, a comment): the visitor's set of marked ids is asked for it. */
  id: number;
  plain: Uint8Array;
  marked: Uint8Array;
}

/** A message as an entry of the repeated field `field`, both ways (withFlag). */
export function entry<Desc extends DescMessage>(
  field: number,
  schema: Desc,
  msg: MessageShape<Desc>,
  flag: BoolField<Desc>,
  id: number,
): Entry {
  return { id, plain: framed(field, toBinary(schema, msg)), marked: framed(field, toBinary(schema, withFlag(schema, msg, flag))) };
}

/** The entry's bytes for a visitor whose marked ids are these. */
export const pick = (e: Entry, marked: ReadonlySet<number>) => (marked.has(e.id) ? e.marked : e.plain);

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

  buffer(): Buffer {
    return Buffer.concat(this.list, this.len);
  }
}

const SUCCESS = fieldNo(ResponseSchema, 'success');

/** Response{ success: SuccessResult{ <view>: these parts } }, as bytes. */
export function successAnswer(view: FieldName<typeof SuccessResultSchema> & string, p: Parts): Buffer {
  const success = new Parts().field(fieldNo(SuccessResultSchema, view), p);
  return new Parts().field(SUCCESS, success).buffer();
}
