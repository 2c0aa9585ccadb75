import type { TimerClock } from '../../core/clock';

/** A clock components take timeouts from (core/clock.ts; tests pass a manual one). */
export type { TimerClock };

export const windowClock: TimerClock = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/**
 * The timeouts a component starts from its machine's actions, all cleared
 * when it unmounts: made once per component (`useState(() => new Timers())`)
 * and cleared in an effect's cleanup.
 */
export class Timers {
  private ids: number[] = [];
  constructor(private readonly clock: TimerClock = windowClock) {}

  after(ms: number, fn: () => void): void {
    this.ids.push(this.clock.setTimeout(fn, ms));
  }

  clear(): void {
    for (const id of this.ids) this.clock.clearTimeout(id);
    this.ids = [];
  }
}
