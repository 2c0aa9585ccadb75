/**
 * The camera as the renderer draws it, easing towards where the session put
 * it: exponentially, by the time each frame took (frameLoop.ts), so that the
 * motion is the same at any frame rate; a drag or pinch moves it at once.
 */
import type { Camera } from '../../core/viewer/camera';

/** The easing's time constant: after this long, about 63% of the way is done. */
export const EASE_MS = 70;

export class CameraEase {
  target: Camera = { x: 0, y: 0, scale: 1 };
  shown: Camera = { x: 0, y: 0, scale: 1 };
  private snapNext = true;

  /** Where the camera should go; `immediate` skips the easing. */
  set(cam: Camera, immediate: boolean): void {
    this.target = cam;
    if (immediate) this.snapNext = true;
  }

  /** The next step jumps to the target (a new layout). */
  snap(): void {
    this.snapNext = true;
  }

  /** Whether the camera drawn is where it should be. */
  get arrived(): boolean {
    const a = this.shown;
    const b = this.target;
    return a.x === b.x && a.y === b.y && a.scale === b.scale;
  }

  /** Moves the shown camera on by a frame of `dtMs`; true when it moved. */
  step(dtMs: number): boolean {
    const t = this.target;
    const s = this.shown;
    if (this.snapNext) {
      this.snapNext = false;
      this.shown = { ...t };
      return true;
    }
    if (this.arrived) return false;
    const k = 1 - Math.exp(-dtMs / EASE_MS);
    const n = { x: s.x + (t.x - s.x) * k, y: s.y + (t.y - s.y) * k, scale: s.scale + (t.scale - s.scale) * k };
    // Within half a screen pixel and a thousandth of scale, it is there.
    const close = Math.abs(n.x - t.x) * t.scale < 0.5 && Math.abs(n.y - t.y) * t.scale < 0.5 && Math.abs(n.scale - t.scale) < 0.001;
    this.shown = close ? { ...t } : n;
    return true;
  }
}
