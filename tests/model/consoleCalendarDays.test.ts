import { describe, expect, it } from 'vitest';
import { dayKey, daysFrom, shiftDay, weekOf } from '../../console/screens/calendar/calendarDays';
import { countdown } from '../../console/screens/calendar/countdown';

/** The release calendar's days in the editor's zone: midnights there, Mondays, daylight-saving days. */
describe('release calendar days', () => {
  it('a day is the zone’s, from its midnight to the next', () => {
    // 2026-12-03 20:00 UTC is already Dec 4 in Bangkok (UTC+7), still Dec 3 in New York.
    const t = Date.UTC(2026, 11, 3, 20) / 1000;
    expect(dayKey(t, 'Asia/Bangkok')).toBe('2026-12-04');
    expect(dayKey(t, 'America/New_York')).toBe('2026-12-03');
    const [d] = daysFrom('2026-12-04', 1, 'Asia/Bangkok');
    expect(d).toEqual({ key: '2026-12-04', from: Date.UTC(2026, 11, 3, 17) / 1000, to: Date.UTC(2026, 11, 4, 17) / 1000 });
  });

  it('weeks start on Monday, across a month and a year', () => {
    expect(weekOf('2026-12-03')).toBe('2026-11-30');
    expect(weekOf('2027-01-02')).toBe('2026-12-28');
    expect(shiftDay('2026-12-28', 7)).toBe('2027-01-04');
    expect(daysFrom('2026-12-28', 7, 'UTC').map((x) => x.key)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('a daylight-saving day is 23 or 25 hours long', () => {
    const spring = daysFrom('2026-03-29', 1, 'Europe/Paris')[0];
    const autumn = daysFrom('2026-10-25', 1, 'Europe/Paris')[0];
    expect(spring.to - spring.from).toBe(23 * 3600);
    expect(autumn.to - autumn.from).toBe(25 * 3600);
  });

  it('countdowns in the editor’s language, by the largest unit', () => {
    expect(countdown(1000 + 2 * 86_400 + 30, 1000, 'en')).toBe('in 2 days');
    expect(countdown(1000 + 3 * 3600, 1000, 'ja')).toBe('3 時間後');
    expect(countdown(1000 - 5 * 60, 1000, 'en')).toBe('5 minutes ago');
    expect(countdown(1010, 1000, 'en')).toBe('this minute');
  });
});
