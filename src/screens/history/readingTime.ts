/**
 * The seconds a reader spends reading a chapter, carried by the position
 * reports (useReportPosition): time counts only while the page is shown,
 * and a rest between two moves counts IDLE_MS at most (a reader who walks
 * away stops counting); one chapter's open time counts MAX_CHAPTER_MS at
 * most. Pure: the clock is given.
 */
export const IDLE_MS = 2 * 60_000;
export const MAX_CHAPTER_MS = 2 * 3600_000;

export interface ReadingTime {
  /** The reader moved (a page change), at the given time: the time since the last move counts, up to IDLE_MS. */
  moved(): void;
  /** A new chapter opened: its own cap starts. */
  opened(): void;
  /** The page was hidden (time stops) or shown again (time starts from now). */
  hidden(): void;
  shown(): void;
  /** Whole seconds counted and not yet sent; they are taken (the remainder stays). */
  take(): number;
}

export function readingTime(now: () => number): ReadingTime {
  let last: number | null = now();
  let chapterMs = 0;
  let unsentMs = 0;
  const count = () => {
    if (last === null) return;
    const t = now();
    const ms = Math.min(Math.max(0, t - last), IDLE_MS, MAX_CHAPTER_MS - chapterMs);
    chapterMs += ms;
    unsentMs += ms;
    last = t;
  };
  return {
    moved: count,
    opened() {
      count();
      chapterMs = 0;
    },
    hidden() {
      count();
      last = null;
    },
    shown() {
      if (last === null) last = now();
    },
    take() {
      count();
      const s = Math.floor(unsentMs / 1000);
      unsentMs -= s * 1000;
      return s;
    },
  };
}
