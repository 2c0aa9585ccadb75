/**
 * Which page images to hold around the reader (Mihon-style): a window that
 * reaches further ahead than behind, a hard cap on decoded pages, the page
 * farthest from the reader evicted first, fetches left far behind aborted.
 */
export interface CacheConfig {
  ahead: number;
  behind: number;
  /** Decoded pages (textures) never exceed this. */
  cap: number;
}

export const CACHE: CacheConfig = { ahead: 7, behind: 3, cap: 12 };

/** Distance in units of the window's reach on that side: behind counts more. */
export function weightedDistance(i: number, current: number, c: CacheConfig = CACHE): number {
  return i >= current ? (i - current) / c.ahead : (current - i) / c.behind;
}

/**
 * Indices to load, most urgent first: the visible ones, then alternating
 * ahead and behind by weighted distance. `eligible` filters out items that
 * have no image (banners, the end page).
 */
export function wanted(
  visible: number[],
  current: number,
  count: number,
  eligible: (i: number) => boolean,
  c: CacheConfig = CACHE,
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
  return out.slice(0, c.cap);
}

/** Decoded pages to evict so at most `cap - incoming` remain: farthest first. */
export function toEvict(decoded: number[], current: number, keep: Set<number>, c: CacheConfig = CACHE, incoming = 0): number[] {
  const over = decoded.length + incoming - c.cap;
  if (over <= 0) return [];
  return decoded
    .filter((i) => !keep.has(i))
    .sort((a, b) => weightedDistance(b, current, c) - weightedDistance(a, current, c))
    .slice(0, over);
}

/** In-flight pages no longer wanted: left behind or jumped past. */
export function toAbort(inFlight: number[], want: Set<number>): number[] {
  return inFlight.filter((i) => !want.has(i));
}
