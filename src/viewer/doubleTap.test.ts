/** Single and double taps on a manual clock (the viewer's gestures, useViewerGestures.ts, use DoubleTap with the session's gesture clock). */
import { describe, expect, it } from 'vitest';
import { DOUBLE_TAP_MS, DOUBLE_TAP_PX, DoubleTap, type TapPoint } from './doubleTap';
import { ManualClock } from './testing/manualClock';

function taps() {
  const clock = new ManualClock();
  const d = new DoubleTap();
  const log: string[] = [];
  const at = (x: number, y: number) =>
    d.tap(
      clock,
      { x, y },
      (p: TapPoint) => log.push(`single ${p.x},${p.y}`),
      (p: TapPoint) => log.push(`double ${p.x},${p.y}`),
    );
  return { clock, d, log, at };
}

describe('telling a double tap from a single one', () => {
  it('a single tap acts only once the double-tap wait is over', () => {
    const { clock, log, at } = taps();
    at(10, 10);
    clock.advance(DOUBLE_TAP_MS - 1);
    expect(log).toEqual([]);
    clock.advance(1);
    expect(log).toEqual(['single 10,10']);
  });

  it('a second tap near the first within the wait is a double tap at once, and the first never acts', () => {
    const { clock, log, at } = taps();
    at(100, 100);
    clock.advance(DOUBLE_TAP_MS - 1);
    at(100 + DOUBLE_TAP_PX - 1, 100);
    expect(log).toEqual([`double ${100 + DOUBLE_TAP_PX - 1},100`]);
    clock.advance(DOUBLE_TAP_MS * 2);
    expect(log).toHaveLength(1);
    expect(clock.pending).toBe(0);
  });

  it('a second tap after the wait, or too far away, is a single tap of its own', () => {
    const { clock, log, at } = taps();
    at(0, 0);
    clock.advance(DOUBLE_TAP_MS);
    at(0, 0);
    clock.advance(DOUBLE_TAP_MS);
    expect(log).toEqual(['single 0,0', 'single 0,0']);
    at(0, 0);
    clock.advance(10);
    at(DOUBLE_TAP_PX, 0);
    clock.advance(DOUBLE_TAP_MS);
    // The first of two quick taps far apart is dropped (as before: only the latest tap acts).
    expect(log.slice(2)).toEqual([`single ${DOUBLE_TAP_PX},0`]);
  });

  it('three quick taps: a double tap, then the third waits as a new first tap', () => {
    const { clock, log, at } = taps();
    at(5, 5);
    at(5, 5);
    at(5, 5);
    expect(log).toEqual(['double 5,5']);
    clock.advance(DOUBLE_TAP_MS);
    expect(log).toEqual(['double 5,5', 'single 5,5']);
  });

  it('cancel drops a waiting tap (the stage went away)', () => {
    const { clock, d, log, at } = taps();
    at(1, 1);
    d.cancel();
    clock.advance(DOUBLE_TAP_MS);
    expect(log).toEqual([]);
  });
});
