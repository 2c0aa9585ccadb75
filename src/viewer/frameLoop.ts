/**
 * A callback once a frame on an injected clock (core/clock.ts) until stopped,
 * with the milliseconds since the last frame: the renderer's frames, which a
 * manual clock runs one by one in tests.
 */
import type { Clock, TimerId } from '../../core/clock';

/** The step of the first frame (a 60 Hz frame), and the longest step: a frame after a stall moves on as if 100 ms had passed (Pixi's ticker did the same). */
const FIRST_DT = 1000 / 60;
const MAX_DT = 100;

export class FrameLoop {
  private id: TimerId | undefined;
  private last: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly onFrame: (dtMs: number) => void,
  ) {}

  start(): void {
    this.id ??= this.clock.requestFrame(this.tick);
  }

  stop(): void {
    if (this.id !== undefined) this.clock.cancelFrame(this.id);
    this.id = undefined;
    this.last = undefined;
  }

  private tick = (now: number): void => {
    this.id = this.clock.requestFrame(this.tick);
    const dt = this.last === undefined ? FIRST_DT : Math.min(MAX_DT, Math.max(0, now - this.last));
    this.last = now;
    this.onFrame(dt);
  };
}
