/**
 * The calendar's days in the editor's time zone: where a day starts (its
 * midnight there, across daylight-saving changes), the Monday its week starts
 * on, and a run of days with their bounds in seconds UTC.
 */
import { zonedParts } from '../../../core/dateParts';
import { zonedToSeconds } from '../../ui/zonedTime';

export interface CalendarDay {
  /** YYYY-MM-DD in the zone. */
  key: string;
  from: number;
  to: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const keyOf = (y: number, m: number, d: number) => {
  const u = new Date(Date.UTC(y, m - 1, d));
  return `${u.getUTCFullYear()}-${pad(u.getUTCMonth() + 1)}-${pad(u.getUTCDate())}`;
};
const midnight = (key: string, zone: string) => zonedToSeconds(`${key}T00:00`, zone) ?? 0;

/** The day (YYYY-MM-DD) an instant falls on in the zone, moved by `days`. */
export function dayKey(sec: number, zone: string, days = 0): string {
  const p = zonedParts(sec * 1000, zone);
  return keyOf(p.year, p.month, p.day + days);
}

/** The Monday of the week the day is in. */
export function weekOf(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return keyOf(y, m, d - weekday);
}

/** `n` days from the day `key`, each with its bounds in the zone. */
export function daysFrom(key: string, n: number, zone: string): CalendarDay[] {
  const [y, m, d] = key.split('-').map(Number);
  const out: CalendarDay[] = [];
  for (let i = 0; i < n; i++) {
    const k = keyOf(y, m, d + i);
    out.push({ key: k, from: midnight(k, zone), to: midnight(keyOf(y, m, d + i + 1), zone) });
  }
  return out;
}

/** The day `key` moved by `days`. */
export function shiftDay(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number);
  return keyOf(y, m, d + days);
}
