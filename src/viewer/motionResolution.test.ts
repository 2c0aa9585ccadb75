import { describe, expect, it } from 'vitest';
import { MotionResolution } from './motionResolution';

describe('motion resolution (software renderers)', () => {
  it('draws at 1 while moving and at full resolution 12 still frames later', () => {
    const applied: number[] = [];
    const m = new MotionResolution(2, true, (r) => applied.push(r));
    expect(m.frame(false)).toBe(false);
    m.frame(true);
    m.frame(true);
    expect(applied).toEqual([1]);
    expect(m.lowered).toBe(true);
    const redraws = Array.from({ length: 12 }, () => m.frame(false));
    expect(redraws.slice(0, 11).every((r) => !r)).toBe(true);
    expect(redraws[11]).toBe(true);
    expect(applied).toEqual([1, 2]);
    expect(m.lowered).toBe(false);
  });
  it('changes nothing with a GPU or at resolution 1', () => {
    const applied: number[] = [];
    new MotionResolution(2, false, (r) => applied.push(r)).frame(true);
    new MotionResolution(1, true, (r) => applied.push(r)).frame(true);
    expect(applied).toEqual([]);
  });
});
