/**
 * The browser's dated clock (core/clock.ts: `DateClock`, the one clock interface), and the context
 * that gives it to the components below an app's root, so a test renders them with a manual one and
 * moves time (the console's session poll, a period's phase, an upload's progress).
 */
import { createContext, useContext } from 'react';
import type { DateClock, TimerClock } from '../core/clock';

export const dateClock: DateClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/** Calls `fn` every `ms` on the clock's timeouts; returns what stops it. */
export function every(clock: TimerClock, ms: number, fn: () => void): () => void {
  let id = clock.setTimeout(tick, ms);
  function tick() {
    id = clock.setTimeout(tick, ms);
    fn();
  }
  return () => clock.clearTimeout(id);
}

export const ClockContext = createContext<DateClock>(dateClock);
export const useClock = () => useContext(ClockContext);
