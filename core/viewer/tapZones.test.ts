import { describe, expect, it } from 'vitest';
import { TAP_LAYOUTS, tapAction, tapOrientation, tapZones } from './tapZones';

const LTR = tapOrientation(false, false, false);
const at = (layout: (typeof TAP_LAYOUTS)[number], u: number, v: number, o = LTR) => tapAction(layout, o, u * 300, v * 600, 300, 600);

describe('tap zones', () => {
  it('cover the square once in every layout and orientation', () => {
    for (const layout of TAP_LAYOUTS)
      for (const o of [LTR, tapOrientation(true, true, false), tapOrientation(false, false, true)]) {
        const area = tapZones(layout, o).reduce((s, r) => s + r.w * r.h, 0);
        expect(area, layout).toBeCloseTo(1);
      }
  });

  it('each layout as drawn', () => {
    expect([
      at('lshape', 0.5, 0.1),
      at('lshape', 0.1, 0.5),
      at('lshape', 0.5, 0.5),
      at('lshape', 0.9, 0.5),
      at('lshape', 0.5, 0.9),
    ]).toEqual(['prev', 'prev', 'menu', 'next', 'next']);
    expect([at('edges', 0.1, 0.1), at('edges', 0.9, 0.9), at('edges', 0.5, 0.9), at('edges', 0.5, 0.1)]).toEqual([
      'next',
      'next',
      'prev',
      'menu',
    ]);
    expect([at('kindle', 0.5, 0.1), at('kindle', 0.1, 0.5), at('kindle', 0.5, 0.5)]).toEqual(['menu', 'prev', 'next']);
    expect([at('leftRight', 0.1, 0.9), at('leftRight', 0.5, 0.5), at('leftRight', 0.9, 0.1)]).toEqual(['prev', 'menu', 'next']);
    expect([at('off', 0.1, 0.5), at('off', 0.9, 0.5)]).toEqual(['menu', 'menu']);
    expect(tapZones('off', LTR)).toEqual([{ x: 0, y: 0, w: 1, h: 1, action: 'menu' }]);
  });

  it('right-to-left reading across mirrors; inversion flips on top of that', () => {
    expect(at('leftRight', 0.1, 0.5, tapOrientation(false, false, true))).toBe('next');
    expect(at('leftRight', 0.1, 0.5, tapOrientation(true, false, true))).toBe('prev');
    expect(at('kindle', 0.5, 0.9, tapOrientation(false, true, false))).toBe('menu');
    expect(at('kindle', 0.1, 0.1, tapOrientation(false, true, false))).toBe('prev');
  });

  it('e-ink’s large zones: the turning zones take most of the middle band, the menu keeps its centre', () => {
    const large = (layout: (typeof TAP_LAYOUTS)[number], u: number, v: number) => tapAction(layout, LTR, u * 300, v * 600, 300, 600, true);
    expect([at('leftRight', 0.38, 0.5), large('leftRight', 0.38, 0.5)]).toEqual(['menu', 'prev']);
    expect([at('leftRight', 0.62, 0.5), large('leftRight', 0.62, 0.5)]).toEqual(['menu', 'next']);
    expect(large('leftRight', 0.5, 0.5)).toBe('menu');
    expect([at('kindle', 0.5, 0.3), large('kindle', 0.5, 0.3)]).toEqual(['menu', 'next']);
    expect([at('kindle', 0.1, 0.1), large('kindle', 0.1, 0.1)]).toEqual(['menu', 'prev']);
    expect(large('off', 0.1, 0.1)).toBe('menu');
  });
});
