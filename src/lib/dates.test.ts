import { describe, expect, it } from 'vitest';
import { shortDate } from './dates';

describe('shortDate: the browser locale decides, not the service language', () => {
  // 2026-03-04 12:00 UTC: day and month differ, and noon keeps the date the same in every time zone but the far east.
  const at = Date.UTC(2026, 2, 4, 12) / 1000;
  it('writes each locale its own way', () => {
    expect(shortDate(at, 'en-US')).toBe('3/4/26');
    expect(shortDate(at, 'en-GB')).toBe('04/03/2026');
    expect(shortDate(at, 'de-DE')).toBe('04.03.26');
    expect(shortDate(at, 'ja-JP')).toBe('2026/03/04');
  });
});
