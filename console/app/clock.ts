import { createContext, useContext } from 'react';

/** The console's timers and time, injected so tests move time (the session's poll, a period's phase). */
export interface ConsoleClock {
  every(ms: number, fn: () => void): () => void;
  /** Milliseconds UTC. */
  now(): number;
}

export const browserClock: ConsoleClock = {
  every(ms, fn) {
    const id = window.setInterval(fn, ms);
    return () => window.clearInterval(id);
  },
  now: () => Date.now(),
};

export const ClockContext = createContext<ConsoleClock>(browserClock);
export const useConsoleClock = () => useContext(ClockContext);
