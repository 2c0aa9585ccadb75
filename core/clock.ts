/**
 * The one clock interface of the browser code, the reader's and the
 * console's: time, timers and animation frames, always injected (the
 * viewer's is src/viewer/browserClock.ts, the console's web/clock.ts; tests
 * drive manual ones, src/viewer/testing/manualClock.ts), so that what
 * depends on time runs the same on every machine under test. The server's
 * clock is server/lib/clock.ts.
 */
export type TimerId = number;

export interface Clock {
  /**
   * Milliseconds: on a monotonic scale where time is measured (the viewer's clocks:
   * performance.now), since the epoch where it is compared with dates (a `DateClock`: Date.now).
   */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
  /** Runs `fn` before the next frame is painted, with the frame's time. */
  requestFrame(fn: (now: number) => void): TimerId;
  cancelFrame(id: TimerId): void;
}

/** What components that only start timeouts need of a clock. */
export type TimerClock = Pick<Clock, 'setTimeout' | 'clearTimeout'>;

/** What code that compares with dates needs (the console's session poll, a period's phase): now() since the epoch, and timeouts. */
export type DateClock = Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>;
