/** The renderer's camera easing, driven frame by frame on a manual clock (as PageRenderer composes it: FrameLoop → CameraEase). */
import { describe, expect, it } from 'vitest';
import { CameraEase, EASE_MS } from './cameraEase';
import { FrameLoop } from './frameLoop';
import { ManualClock } from './testing/manualClock';

function easing() {
  const clock = new ManualClock();
  const ease = new CameraEase();
  const steps: number[] = [];
  const loop = new FrameLoop(clock, (dt) => {
    steps.push(dt);
    ease.step(dt);
  });
  loop.start();
  clock.frame(16); // the first frame snaps to the first target
  return { clock, ease, steps, loop };
}

describe('the camera easing on the frame clock', () => {
  it('moves by 1 - e^(-dt/EASE_MS) of the way in a frame of dt, by the clock', () => {
    const { clock, ease } = easing();
    ease.set({ x: 1000, y: 0, scale: 1 }, false);
    clock.frame(EASE_MS);
    expect(ease.shown.x).toBeCloseTo(1000 * (1 - Math.exp(-1)), 6);
    expect(ease.arrived).toBe(false);
  });

  it('goes the same way at any frame rate: two frames of 35 ms, one of 70', () => {
    const a = easing();
    const b = easing();
    a.ease.set({ x: 500, y: 200, scale: 2 }, false);
    b.ease.set({ x: 500, y: 200, scale: 2 }, false);
    a.clock.frame(35);
    a.clock.frame(35);
    b.clock.frame(70);
    expect(a.ease.shown.x).toBeCloseTo(b.ease.shown.x, 6);
    expect(a.ease.shown.scale).toBeCloseTo(b.ease.shown.scale, 6);
  });

  it('arrives exactly within half a pixel, and then stops moving', () => {
    const { clock, ease } = easing();
    ease.set({ x: 300, y: 0, scale: 1 }, false);
    let frames = 0;
    while (!ease.arrived && frames < 100) frames += clock.frame(16);
    expect(ease.shown).toEqual({ x: 300, y: 0, scale: 1 });
    // 300 px to under 0.5 px at 16 ms frames: ln(600) * 70 / 16 ≈ 28 frames.
    expect(frames).toBe(Math.ceil((Math.log(600) * EASE_MS) / 16));
    expect(ease.step(16)).toBe(false);
  });

  it('jumps at once for a drag or pinch (immediate)', () => {
    const { clock, ease } = easing();
    ease.set({ x: 80, y: 40, scale: 1.5 }, true);
    clock.frame(1);
    expect(ease.shown).toEqual({ x: 80, y: 40, scale: 1.5 });
  });

  it('steps by the time between frames, a stall counted as 100 ms, and none once stopped', () => {
    const { clock, steps, loop } = easing();
    clock.frame(20);
    clock.frame(5000);
    expect(steps.slice(1)).toEqual([20, 100]);
    loop.stop();
    expect(clock.pendingFrames).toBe(0);
    expect(clock.frame(16)).toBe(0);
  });
});
