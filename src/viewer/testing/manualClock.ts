/**
 * A clock driven by hand (test-only): timers fire and frames run only when
 * the test says, so every path through the viewer's machines is the same on
 * every machine. Used by the browser-test harness and the session's unit tests.
 */
import type { Clock, TimerId } from '../session/clock';

export class ManualClock implements Clock {
  private t = 0;
  private nextId = 1;
  private readonly timers = new Map<TimerId, { at: number; fn: () => void }>();
  private readonly frames = new Map<TimerId, (now: number) => void>();

  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): TimerId {
    const id = this.nextId++;
    this.timers.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(id: TimerId): void {
    this.timers.delete(id);
  }
  requestFrame(fn: (now: number) => void): TimerId {
    const id = this.nextId++;
    this.frames.set(id, fn);
    return id;
  }
  cancelFrame(id: TimerId): void {
    this.frames.delete(id);
  }

  /** Timers armed now. */
  get pending(): number {
    return this.timers.size;
  }
  /** Frames asked for now. */
  get pendingFrames(): number {
    return this.frames.size;
  }

  /** Moves time on by `ms`, firing the timers due by then in order; how many fired. */
  advance(ms: number): number {
    const end = this.t + ms;
    let fired = 0;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, x]) => x.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].fn();
      fired++;
    }
    this.t = end;
    return fired;
  }

  /** Fires every armed timer now, however far off; true when one was armed. */
  elapse(): boolean {
    const all = [...this.timers.values()].sort((a, b) => a.at - b.at);
    this.timers.clear();
    for (const x of all) {
      this.t = Math.max(this.t, x.at);
      x.fn();
    }
    return all.length > 0;
  }

  /** Runs the frames asked for so far, `dt` ms after the last; how many ran. */
  frame(dt: number): number {
    this.t += dt;
    const run = [...this.frames.values()];
    this.frames.clear();
    for (const fn of run) fn(this.t);
    return run.length;
  }
}
