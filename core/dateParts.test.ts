import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoDay, isoMinute, zonedParts } from './dateParts';

// 2026-12-02 16:05:09 UTC: Tokyo is already on the 3rd, Los Angeles still on the 2nd.
const at = Date.UTC(2026, 11, 2, 16, 5, 9);

/**
 * Intl.DateTimeFormat as WebKit with Debian's ICU 72 writes en-CA: month/day/year. Its parts are
 * the real ones in that order (the fields stay the fields).
 */
function webkitEnCa() {
  const Real = Intl.DateTimeFormat;
  function Mocked(this: unknown, locale?: string | string[], options?: Intl.DateTimeFormatOptions) {
    const real = new Real(locale, options);
    if (locale !== 'en-CA') return real;
    const parts = (d?: Date | number) => {
      const all = real.formatToParts(d);
      const get = (t: string) => all.find((p) => p.type === t)!;
      const slash = { type: 'literal' as const, value: '/' };
      return [get('month'), slash, get('day'), slash, get('year')];
    };
    return {
      format: (d?: Date | number) =>
        parts(d)
          .map((p) => p.value)
          .join(''),
      formatToParts: parts,
      resolvedOptions: () => real.resolvedOptions(),
    };
  }
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(Mocked as unknown as typeof Intl.DateTimeFormat);
}

describe('dates in a time zone, built from their fields', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the calendar day and the minute in the zone', () => {
    expect(isoDay(at, 'UTC')).toBe('2026-12-02');
    expect(isoDay(at, 'Asia/Tokyo')).toBe('2026-12-03');
    expect(isoDay(at, 'America/Los_Angeles')).toBe('2026-12-02');
    expect(isoMinute(at, 'Europe/Paris')).toBe('2026-12-02T17:05');
    expect(zonedParts(at, 'Asia/Kolkata')).toEqual({ year: 2026, month: 12, day: 2, hour: 21, minute: 35, second: 9 });
    // Midnight is hour 0, never 24.
    expect(isoMinute(Date.UTC(2026, 0, 1, 0, 0), 'UTC')).toBe('2026-01-01T00:00');
    expect(isoDay(Date.UTC(987, 5, 7), 'UTC')).toBe('0987-06-07');
  });

  it('whatever a locale writes: an engine whose en-CA is MM/DD/YYYY (WebKit on ICU 72) gets the same day', () => {
    webkitEnCa();
    // What the stats screen used to build its date inputs from: no longer a date.
    const byLocale = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
    expect(byLocale).toBe('12/02/2026');
    expect(isoDay(at, 'UTC')).toBe('2026-12-02');
    expect(isoMinute(at, 'Asia/Tokyo')).toBe('2026-12-03T01:05');
  });
});
