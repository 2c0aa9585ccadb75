/**
 * Single and double taps told apart on an injected clock (core/clock.ts): a
 * tap waits DOUBLE_TAP_MS for a second one near it before it counts as a
 * single tap; the second makes a double tap at once (the first is dropped).
 * The viewer's gestures (useViewerGestures.ts) feed it; tests drive it with
 * a manual clock.
 */
import type { Clock, TimerId } from '../../core/clock';

export const DOUBLE_TAP_MS = 280;
/** How far apart (CSS px) two taps may be and still make a double tap. */
export const DOUBLE_TAP_PX = 40;

export interface TapPoint {
  x: number;
  y: number;
}

export class DoubleTap {
  private last: { t: number; x: number; y: number } | null = null;
  private pending: { id: TimerId; clock: Clock } | null = null;

  /** A tap at `p` on `clock`: `double(p)` at once on a second tap, else `single(p)` once no second came in time. */
  tap(clock: Clock, p: TapPoint, single: (p: TapPoint) => void, double: (p: TapPoint) => void): void {
    const now = clock.now();
    const prev = this.last;
    this.cancel();
    if (prev && now - prev.t < DOUBLE_TAP_MS && Math.hypot(p.x - prev.x, p.y - prev.y) < DOUBLE_TAP_PX) {
      double(p);
      return;
    }
    this.last = { t: now, x: p.x, y: p.y };
    const id = clock.setTimeout(() => {
      this.pending = null;
      single(p);
    }, DOUBLE_TAP_MS);
    this.pending = { id, clock };
  }

  /** Drops a tap still waiting (the stage goes away). */
  cancel(): void {
    if (this.pending) this.pending.clock.clearTimeout(this.pending.id);
    this.pending = null;
    this.last = null;
  }
}
