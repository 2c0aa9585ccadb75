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

/** Days: 30 whole days are at most eight blocks. */
const DAYS = [24, 48, 96, 192, 384];
/** Hours too: a local day (24 hours from any whole hour) is at most six blocks. */
const HOURS_AND_DAYS = [2, 4, 8, ...DAYS];

/**
 * Block lengths (hours) by metric. Chapters ('view', 'reach': thousands of
 * keys, read a few at a time) and titles have days only, which keeps a
 * flush's writes down: blocks of 2 to 8 hours a title held 40% of the
 * sketches' bytes at 20 million views and read no faster than the hours,
 * and its blocks of 2 to 16 days 19 MiB of 2,000,000 views' 42 MiB of
 * sketches (issue 49: dense sketches, while its days are sparse) for a
 * period's 30 days read as 30 rows a title rather than 5 to 8 (measured:
 * bench/stats.ts). Views and new readers in all, read per local day for
 * the charts, have hours and days of every length.
 */
export const BLOCKS: ReadonlyMap<string, readonly number[]> = new Map([
  ['view', [24]],
  ['reach', [24]],
  ['view.title', [24]],
  ['view.all', HOURS_AND_DAYS],
  ['reader.new', HOURS_AND_DAYS],
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
