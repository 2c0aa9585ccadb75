/** The browser's clock for viewer sessions (src/viewer/session/clock.ts): performance.now, timers, animation frames. */
import type { Clock } from './session/clock';

export const browserClock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
  requestFrame: (fn) => requestAnimationFrame(fn),
  cancelFrame: (id) => cancelAnimationFrame(id),
};
