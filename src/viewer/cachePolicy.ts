/**
 * Which page images to hold around the reader (Mihon-style): a window that
 * reaches further ahead than behind, a hard cap on decoded pages and one on
 * their bytes (a webtoon strip of 960 x 24,000 px, in tiles or not, weighs
 * as much as sixteen ordinary pages), the page farthest from the reader
 * evicted first, fetches left far behind aborted.
 */
export interface CacheConfig {
  ahead: number;
  behind: number;
  /** Decoded pages (textures) never exceed this. */
  cap: number;
  /** Their bytes (4 a pixel, every tile counted) never exceed this, but for the pages on screen. */
  capBytes?: number;
}

/** Twelve pages, 192 MiB: a dozen pages at super_high (1440 x 2016, 11 MiB each) fit both. */
export const CACHE: CacheConfig = { ahead: 7, behind: 3, cap: 12, capBytes: 192 * 2 ** 20 };

/** Bytes a decoded page of this size holds (RGBA). */
export function imageBytes(width: number, height: number): number {
  return width * height * 4;
}

/** Distance in units of the window's reach on that side: behind counts more. */
export function weightedDistance(i: number, current: number, c: CacheConfig = CACHE): number {
  return i >= current ? (i - current) / c.ahead : (current - i) / c.behind;
}

/**
 * Indices to load, most urgent first: the visible ones, then alternating
 * ahead and behind by weighted distance. `eligible` filters out items that
 * have no image (banners, the end page). `bytesOf` gives the bytes of pages
 * decoded before (0 when not known yet): pages that would not fit the byte
 * cap beside the more urgent ones are left out (the visible never are).
 */
export function wanted(
  visible: number[],
  current: number,
  count: number,
  eligible: (i: number) => boolean,
  c: CacheConfig = CACHE,
  bytesOf: (i: number) => number = () => 0,
): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  const add = (i: number) => {
    if (i >= 0 && i < count && !seen.has(i) && eligible(i)) {
      seen.add(i);
      out.push(i);
    }
  };
  visible.forEach(add);
  const cand: number[] = [];
  for (let i = Math.max(0, current - c.behind); i <= Math.min(count - 1, current + c.ahead); i++) cand.push(i);
  cand.sort((a, b) => weightedDistance(a, current, c) - weightedDistance(b, current, c) || b - a);
  cand.forEach(add);
  const list = out.slice(0, c.cap);
  if (c.capBytes === undefined) return list;
  let bytes = 0;
  const shown = new Set(visible);
  return list.filter((i) => {
    const b = bytesOf(i);
    if (!shown.has(i) && bytes + b > c.capBytes!) return false;
    bytes += b;
    return true;
  });
}

/**
 * Decoded pages to evict, farthest first, so that with `incoming` more pages
 * of `incomingBytes` at most `cap` pages and `capBytes` bytes remain (as near
 * as the pages in `keep` allow).
 */
export function toEvict(
  decoded: number[],
  current: number,
  keep: Set<number>,
  c: CacheConfig = CACHE,
  incoming = 0,
  bytesOf: (i: number) => number = () => 0,
  incomingBytes = 0,
): number[] {
  let count = decoded.length + incoming;
  let bytes = decoded.reduce((s, i) => s + bytesOf(i), incomingBytes);
  const over = () => count > c.cap || (c.capBytes !== undefined && bytes > c.capBytes);
  if (!over()) return [];
  const out: number[] = [];
  const far = decoded.filter((i) => !keep.has(i)).sort((a, b) => weightedDistance(b, current, c) - weightedDistance(a, current, c));
  for (const i of far) {
    if (!over()) break;
    out.push(i);
    count--;
    bytes -= bytesOf(i);
  }
  return out;
}

/** In-flight pages no longer wanted: left behind or jumped past. */
export function toAbort(inFlight: number[], want: Set<number>): number[] {
  return inFlight.filter((i) => !want.has(i));
}
