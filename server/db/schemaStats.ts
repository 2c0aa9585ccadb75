/** The analyst's rollups (migration 0014_stats, issue 33). */
export interface StatsHourlyTable {
  /** What is counted: view, view.title, view.all, reader.new, reach, fav.add, fav.del, push.*, tap.*, survey. */
  metric: string;
  /** The counted thing's id (chapter, title, banner, popup), 0 when none. */
  key: number;
  /** A further dimension (a page number, a place, a survey key), '' when none. */
  dim: string;
  /** Hours since the epoch (UTC). */
  hour: number;
  n: number;
  /** The readers counted, as a HyperLogLog sketch (server/lib/hll.ts); null where readers are not counted. */
  sketch: string | null;
}
