import { SHORT_CODES, type ShortCode } from '../../../core/languages.js';

/** One string per language of core/languages.ts, keyed by short code. */
export type L9 = Record<ShortCode, string>;

/** Builds an L9 from strings listed in the table's order (core/languages.ts: en, es, fr, id, pt, ru, th, de, vi). */
export function l9(...v: string[]): L9 {
  if (v.length !== SHORT_CODES.length) throw new Error(`expected ${SHORT_CODES.length} strings, got ${v.length}: ${v[0]}`);
  return Object.fromEntries(SHORT_CODES.map((c, i) => [c, v[i]])) as L9;
}
