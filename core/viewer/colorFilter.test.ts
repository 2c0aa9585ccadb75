import { describe, expect, it } from 'vitest';
import { applyColorMatrix, colorMatrix } from './colorFilter';
import { DEFAULT_FILTER } from './readerSettings';

const px = (f: Partial<typeof DEFAULT_FILTER>, rgb: [number, number, number]) =>
  applyColorMatrix(colorMatrix({ ...DEFAULT_FILTER, ...f }), rgb);

describe('colour filter matrix', () => {
  it('leaves colours alone by default', () => {
    expect(px({}, [12, 200, 77])).toEqual([12, 200, 77]);
  });
  it('inverts', () => {
    expect(px({ invert: true }, [0, 100, 255])).toEqual([255, 155, 0]);
  });
  it('grayscale gives equal channels from luma', () => {
    const [r, g, b] = px({ grayscale: true }, [255, 0, 0]);
    expect(r).toBe(g);
    expect(g).toBe(b);
    expect(r).toBe(54);
  });
  it('sepia warms grey: red over green over blue', () => {
    const [r, g, b] = px({ sepia: true }, [128, 128, 128]);
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
  });
  it('brightness scales, contrast spreads about mid-grey', () => {
    expect(px({ brightness: 50 }, [200, 100, 0])).toEqual([100, 50, 0]);
    expect(px({ contrast: 150 }, [191, 64, 128])).toEqual([223, 32, 128]);
    expect(px({ contrast: 50 }, [255, 0, 128])).toEqual([191, 64, 128]);
  });
  it('inverts after brightness: a darkened white page becomes a lighter black', () => {
    expect(px({ brightness: 80, invert: true }, [255, 255, 255])).toEqual([51, 51, 51]);
  });
});
