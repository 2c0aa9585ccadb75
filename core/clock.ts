/**
 * The one clock interface of the browser code: time, timers and animation
 * frames, always injected (the browser's is src/viewer/browserClock.ts; tests
 * drive a manual one, src/viewer/testing/manualClock.ts), so that what
 * depends on time runs the same on every machine under test. The server's
 * clock is server/lib/clock.ts.
 */
export type TimerId = number;

export interface Clock {
  /** Milliseconds on a monotonic scale (performance.now in the browser). */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
  /** Runs `fn` before the next frame is painted, with the frame's time. */
  requestFrame(fn: (now: number) => void): TimerId;
  cancelFrame(id: TimerId): void;
}

/** What components that only start timeouts need of a clock. */
export type TimerClock = Pick<Clock, 'setTimeout' | 'clearTimeout'>;
