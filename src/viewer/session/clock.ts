/**
 * Time as the viewer session sees it: injected, never a global. The browser's
 * clock is src/viewer/browserClock.ts; tests and the browser-test harness
 * (src/viewer/testing/) drive a manual one by hand.
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

/**
 * The session's clocks by what they time: the navigation bar's auto-hide,
 * the direction toast, the inertia frames after a fling, and the frames that
 * batch redraws and watch the first-page hand-over. In the app they are all
 * the browser's clock; an embedding page may replace any of them.
 */
export interface ViewerClocks {
  navBar: Clock;
  toast: Clock;
  inertia: Clock;
  frames: Clock;
}
