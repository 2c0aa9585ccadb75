/**
 * Time as the server sees it: one injected clock (`app.clock`, from
 * `AppDeps.clock`), so a test can set the server's time and move it, and a
 * scheduled release can be tested without waiting. Services, repositories,
 * the push check and the importer take it from their caller; nothing below
 * `server/app.ts` reads the system's time directly.
 */
export interface ServerClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Whole seconds since the epoch: every time in the database and on the wire. */
  nowSec(): number;
  setTimeout(fn: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(id: ReturnType<typeof setTimeout>): void;
}

/** The machine's clock (the default everywhere outside tests). */
export const systemClock: ServerClock = {
  now: () => Date.now(),
  nowSec: () => Math.floor(Date.now() / 1000),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id),
};

/**
 * A clock a test sets and moves: `now()` is `start` plus what `advance()`
 * added. Timers still run on the machine's timers (a test that moves time
 * waits for work, not for the clock).
 */
export interface ManualServerClock extends ServerClock {
  set(ms: number): void;
  advance(ms: number): void;
}

export function manualServerClock(startMs: number): ManualServerClock {
  let at = startMs;
  return {
    now: () => at,
    nowSec: () => Math.floor(at / 1000),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id),
    set: (ms) => {
      at = ms;
    },
    advance: (ms) => {
      at += ms;
    },
  };
}

export const DAY = 86_400;
