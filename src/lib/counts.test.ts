import { describe, expect, it } from 'vitest';
import { abbreviateCount } from './counts';

describe('abbreviateCount (000 §5)', () => {
  it('keeps small numbers', () => {
    expect(abbreviateCount(0)).toBe('0');
    expect(abbreviateCount(999)).toBe('999');
  });
  it('abbreviates thousands and millions, rounding down to one decimal', () => {
    expect(abbreviateCount(1000)).toBe('1.0k');
    expect(abbreviateCount(1099)).toBe('1.0k');
    expect(abbreviateCount(1999)).toBe('1.9k');
    expect(abbreviateCount(12_345)).toBe('12.3k');
    expect(abbreviateCount(999_999)).toBe('999.9k');
    expect(abbreviateCount(1_000_000)).toBe('1.0m');
    expect(abbreviateCount(2_590_000)).toBe('2.5m');
  });
  it('writes the decimal mark of the interface locale', () => {
    expect(abbreviateCount(1_599, 'fr')).toBe('1,5k');
    expect(abbreviateCount(2_590_000, 'de')).toBe('2,5m');
    expect(abbreviateCount(12_345, 'th')).toBe('12.3k');
    expect(abbreviateCount(999, 'ru')).toBe('999');
  });
});
