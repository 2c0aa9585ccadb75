/** The fraction of the resolution each frame is drawn at, as the camera moves and rests (renderer.ts composes it with CameraEase). */
import { describe, expect, it } from 'vitest';
import { MotionScale } from './motionScale';

/** The scales of frames of 16 ms, moved (1) or still (0). */
const run = (m: MotionScale, frames: string) => [...frames].map((f) => m.next(f === '1', 16));

describe('the draw scale while the camera moves', () => {
  it('draws the first frame of a move whole, the ones after it at the low scale', () => {
    expect(run(new MotionScale(0.5, 100), '1111')).toEqual([1, 0.5, 0.5, 0.5]);
  });

  it('keeps a jump (one frame that moved) whole', () => {
    expect(run(new MotionScale(0.5, 100), '0100000')).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('draws whole again once the camera has been still for settleMs, not before', () => {
    const m = new MotionScale(0.5, 100);
    run(m, '111');
    // 6 still frames of 16 ms: 96 ms; the seventh reaches 112.
    expect(run(m, '0000000')).toEqual([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1]);
  });

  it('stays low through a pause shorter than settleMs (a finger held for a frame)', () => {
    expect(run(new MotionScale(0.5, 100), '11001011')).toEqual([1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]);
  });

  it('draws whole after a reset (a new layout)', () => {
    const m = new MotionScale(0.5, 100);
    run(m, '111');
    m.reset();
    expect(run(m, '10')).toEqual([1, 1]);
  });

  it('never lowers with a scale of 1 (or none given)', () => {
    expect(run(new MotionScale(1, 100), '11111')).toEqual([1, 1, 1, 1, 1]);
    expect(run(new MotionScale(0, 100), '11111')).toEqual([1, 1, 1, 1, 1]);
  });
});
