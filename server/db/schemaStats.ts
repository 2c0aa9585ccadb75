/** The analyst's rollups (migration 0014_stats). */
export interface StatsHourlyTable {
  /**
   * What is counted: view, view.title, view.all, reader.new, reach, fav.add, fav.del, push.*, tap.*, survey, ct.* (cover and banner tests: imp, tap, read, time), time.title (seconds read);
   * with a length (view:day, view.all:4h, view.title:16d), a block of hours from `hour` (server/stats/blocks.ts).
   */
  metric: string;
  /** The counted thing's id (chapter, title, banner, popup), 0 when none. */
  key: number;
  /** A further dimension (a page number, a place, a survey key), '' when none. */
  dim: string;
  /** Hours since the epoch (UTC): the hour, or a block's first. */
  hour: number;
  n: number;
  /** The readers counted, as a HyperLogLog sketch (server/lib/hll.ts); null where readers are not counted. */
  sketch: string | null;
}

/** Where the rollups' hours are compacted into their UTC days (migration 0026, server/stats/compaction.ts): one row, 'hourly'. */
export interface StatsCompactionTable {
  name: string;
  /** Hours before this one (a UTC midnight) are read from their days; their hourly rows and blocks of hours are deleted. */
  before_hour: number;
  /** When the last compaction was claimed (s). */
  claimed_at: number;
}
