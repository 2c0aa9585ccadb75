/** The console's timers, injected so tests move time (the session's poll). */
export interface ConsoleClock {
  every(ms: number, fn: () => void): () => void;
}

export const browserClock: ConsoleClock = {
  every(ms, fn) {
    const id = window.setInterval(fn, ms);
    return () => window.clearInterval(id);
  },
};
