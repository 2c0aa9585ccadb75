import { describe, expect, it } from 'vitest';
import type { Layout } from '../../../core/viewer/layout';
import { drawnSize } from './drawnSize';

const layout = (crop?: { left: number; top: number; right: number; bottom: number }): Layout => ({
  mode: 'horizontal',
  rtl: false,
  viewport: { width: 1000, height: 800 },
  spreads: [{ items: [0], sides: ['center'], joined: false }],
  placements: [{ item: 0, slot: 0, x: 0, y: 0, w: 400, h: 600, ...(crop ? { crop } : {}) }],
  slots: [{ x: 0, y: 0, w: 1000, h: 800 }],
  contentHeight: 800,
  slotOfItem: [0],
});

describe('drawnSize', () => {
  it('is the rect times the zoom and the resolution', () => {
    expect(drawnSize(layout(), 0, 1, 1)).toEqual({ width: 400, height: 600 });
    expect(drawnSize(layout(), 0, 2.5, 2)).toEqual({ width: 2000, height: 3000 });
  });
  it('of a cropped page is the whole image at the same scale', () => {
    expect(drawnSize(layout({ left: 0.1, right: 0.1, top: 0.25, bottom: 0 }), 0, 1, 1)).toEqual({ width: 500, height: 800 });
  });
  it('is unknown for an item without a place', () => {
    expect(drawnSize(layout(), 3, 1, 1)).toBeUndefined();
    expect(drawnSize(null, 0, 1, 1)).toBeUndefined();
  });
});
