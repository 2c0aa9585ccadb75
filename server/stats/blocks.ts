/**
 * Rollup blocks (issue 33's bench). Besides its hours, a metric read over
 * long periods is rolled up in blocks of hours and days, each aligned to a
 * multiple of its length since the epoch (UTC) and stored as the metric named
 * with the length (':2h', ':day', ':4d'…) at the block's first hour, in the
 * same transaction as the hour. A period is read as the fewest aligned
 * blocks that tile it (query.ts spanned()): the same counts and the same
 * union of readers as its hours, from a handful of rows a key where a month
 * of hours was 720: the readers of 100 titles over 30 days were 72,000
 * sketches to merge.
 */

/** Hours, then days: a local day (24 hours from any whole hour) is at most six blocks, 30 days about fourteen. */
const LONG = [2, 4, 8, 24, 48, 96, 192, 384];

/**
 * Block lengths (hours) by metric. Chapters ('view', 'reach': thousands of
 * keys, read a few at a time) have days only, which keeps a flush's writes
 * down; the metrics read for every title or in all have every length.
 */
export const BLOCKS: ReadonlyMap<string, readonly number[]> = new Map([
  ['view', [24]],
  ['reach', [24]],
  ['view.title', LONG],
  ['view.all', LONG],
  ['reader.new', LONG],
]);

/** A block's metric name: the metric itself for an hour. */
export const blockMetric = (metric: string, hours: number): string =>
  hours === 1 ? metric : hours === 24 ? `${metric}:day` : hours % 24 === 0 ? `${metric}:${hours / 24}d` : `${metric}:${hours}h`;

/** [first hour, length] of the blocks tiling [from, to): at each hour the longest of these lengths (or 1) that starts there and fits. */
export function tile(from: number, to: number, lengths: readonly number[]): [number, number][] {
  const longestFirst = [...lengths].sort((a, b) => b - a);
  const out: [number, number][] = [];
  for (let x = from; x < to;) {
    const l = longestFirst.find((len) => x % len === 0 && x + len <= to) ?? 1;
    out.push([x, l]);
    x += l;
  }
  return out;
}

/** The lengths every one of these metrics has. */
export function commonLengths(metrics: readonly string[]): number[] {
  const [first, ...rest] = metrics.map((m) => BLOCKS.get(m) ?? []);
  return (first ?? []).filter((l) => rest.every((ls) => ls.includes(l)));
}
