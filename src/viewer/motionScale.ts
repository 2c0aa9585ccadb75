/**
 * How much of the canvas's resolution a frame is drawn at (renderer.ts).
 * Without a GPU (a software WebGL) filling the canvas's pixels is most of a
 * frame's cost: a phone's vertical fling (bench/viewerFrames' input, on a
 * loaded two-core machine) dropped 61, 81 and 118 frames with every frame
 * drawn whole, 40, 33 and 11 with the frames drawn at half the resolution
 * while the camera moved (the plain <img> reader: 46, 32 and 67 in the same
 * runs). So while the camera moves (a fling, a drag, a page turn, a pinch)
 * the pages are drawn at a fraction of it, and once it has been still for a
 * moment at the whole resolution again: at rest the viewer looks as before.
 *
 * The first frame of a move is drawn whole (a jump, a new layout, is one
 * frame and stays sharp); the frames after it at `low`; after `settleMs`
 * without a move, one frame at 1 again.
 */
export class MotionScale {
  private moves = 0;
  private stillMs = 0;
  private scale = 1;

  constructor(
    /** The fraction of the resolution drawn at while moving (1: always whole). */
    private readonly low: number,
    /** How long the camera stays still before a frame is drawn whole again. */
    private readonly settleMs: number,
  ) {}

  /** The scale for the next frame, given whether the camera moved in it and the frame's length (ms). */
  next(moved: boolean, dtMs: number): number {
    if (moved) {
      this.stillMs = 0;
      this.moves++;
      if (this.moves > 1 && this.low > 0 && this.low < 1) this.scale = this.low;
    } else {
      this.moves = 0;
      this.stillMs += dtMs;
      if (this.stillMs >= this.settleMs) this.scale = 1;
    }
    return this.scale;
  }

  /** Drawn whole from the next frame on (a new layout, a resize). */
  reset(): void {
    this.moves = 0;
    this.stillMs = 0;
    this.scale = 1;
  }
}
