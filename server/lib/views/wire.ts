import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';

/**
 * Assembling answers from pre-encoded pieces. Protobuf fields may come in
 * any order and repeated entries are independent records, so a cached view
 * can be sent as its shared bytes plus the few per-visitor fields (viewed
 * chapters, favorite) written after them, without re-encoding the whole
 * message on every request.
 */
export function writeLen(w: BinaryWriter, field: number, body: Uint8Array): void {
  w.tag(field, WireType.LengthDelimited).bytes(body);
}

export function writeBool(w: BinaryWriter, field: number, v: boolean): void {
  if (v) w.tag(field, WireType.Varint).bool(true);
}

/** Response{ success: SuccessResult{ <field>: view } } around an encoded view. */
export function wrapSuccess(viewField: number, view: Uint8Array): Buffer {
  const success = new BinaryWriter();
  writeLen(success, viewField, view);
  const res = new BinaryWriter();
  writeLen(res, 1, success.finish());
  return Buffer.from(res.finish());
}

export { BinaryWriter };
