/** API query strings, as calls write them (no protobuf here: the entry's code uses it). */
export type Query = Record<string, string | number | boolean | undefined | readonly string[]>;

/** The query string as calls write it (also the key of a booted answer). */
export function toSearch(q: Query | undefined): string {
  if (!q) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    p.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}
