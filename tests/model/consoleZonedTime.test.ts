import { describe, expect, it } from 'vitest';
import { secondsToZoned, zonedToSeconds } from '../../console/ui/zonedTime';

describe('zoned wall-clock times', () => {
  it('reads a local time in the chosen zone and shows it back in it', () => {
    // 09:00 in Paris in winter is 08:00 UTC; in Tokyo it is 17:00.
    const s = zonedToSeconds('2026-12-01T09:00', 'Europe/Paris');
    expect(s).toBe(Date.UTC(2026, 11, 1, 8, 0) / 1000);
    expect(secondsToZoned(s, 'Europe/Paris')).toBe('2026-12-01T09:00');
    expect(secondsToZoned(s, 'Asia/Tokyo')).toBe('2026-12-01T17:00');
    expect(secondsToZoned(s, 'UTC')).toBe('2026-12-01T08:00');
  });

  it('follows daylight saving time and refuses what is not a time', () => {
    expect(zonedToSeconds('2026-07-01T09:00', 'Europe/Paris')).toBe(Date.UTC(2026, 6, 1, 7, 0) / 1000);
    expect(zonedToSeconds('2026-03-29T12:00', 'America/New_York')).toBe(Date.UTC(2026, 2, 29, 16, 0) / 1000);
    expect(zonedToSeconds('', 'UTC')).toBeNull();
    expect(zonedToSeconds('tomorrow', 'UTC')).toBeNull();
    expect(secondsToZoned(null, 'UTC')).toBe('');
  });
});
