/** The largest id an image URL names (ids are PostgreSQL integers). */
const MAX_ID = 2 ** 31 - 1;

/**
 * An id as an image URL spells it: decimal digits, no leading zero, within
 * range; anything else (0x…, 007, 1e3, a segment of 300 digits) is no id, so
 * each image has one URL and one stored file.
 */
export function strictId(s: string | undefined): number | undefined {
  if (s === undefined || !/^(0|[1-9]\d{0,9})$/.test(s)) return undefined;
  const n = Number(s);
  return n <= MAX_ID ? n : undefined;
}
