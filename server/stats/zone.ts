/**
 * Calendar days in a time zone, as the hours (since the epoch, UTC) they
 * hold. A day runs from its local midnight to the next one, found with
 * Intl's zone data, so a day across a daylight-saving change holds 23 or 25
 * hours. Rollups are hourly, so a zone whose offset is not whole hours
 * (India, Nepal) gets its days to the hour that starts them (said in the README).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** Whether Intl knows this zone name. */
export function isZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at this instant (ms; east positive). */
function offsetAt(tz: string, ms: number): number {
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant (s) a local calendar day (UTC date arithmetic on y-m-d) starts in the zone. */
function dayStart(tz: string, y: number, m: number, d: number): number {
  const wall = Date.UTC(y, m - 1, d);
  let t = wall - offsetAt(tz, wall);
  // Once more with the offset at the first guess: right on either side of a change.
  t = wall - offsetAt(tz, t);
  return Math.floor(t / 1000);
}

/** 'YYYY-MM-DD' → [y, m, d]; null when not a date. */
export function parseDate(s: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const back = new Date(Date.UTC(y, mo - 1, d));
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? [y, mo, d] : null;
}

export const addDays = (date: string, n: number): string => {
  const [y, m, d] = parseDate(date)!;
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

export const daysBetween = (from: string, to: string): number => {
  const [a, b] = [parseDate(from)!, parseDate(to)!];
  return Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / 86_400_000);
};

/** The bucket a day falls in: itself, the Monday of its week, or the first of its month. */
export function bucketOf(date: string, by: 'day' | 'week' | 'month'): string {
  if (by === 'day') return date;
  if (by === 'month') return date.slice(0, 8) + '01';
  const [y, m, d] = parseDate(date)!;
  const dow = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(date, -dow);
}

export interface DayRange {
  /** Each local day of the range with its first and after-last hour (hours since the epoch). */
  days: { date: string; from: number; to: number }[];
  fromHour: number;
  toHour: number;
}

/** The local days from..to (inclusive) in the zone. */
export function dayRange(tz: string, from: string, to: string): DayRange {
  const days: DayRange['days'] = [];
  const n = daysBetween(from, to);
  let start = dayStart(tz, ...parseDate(from)!);
  for (let i = 0; i <= n; i++) {
    const date = addDays(from, i);
    const next = dayStart(tz, ...parseDate(addDays(date, 1))!);
    days.push({ date, from: Math.floor(start / 3600), to: Math.floor(next / 3600) });
    start = next;
  }
  return { days, fromHour: days[0].from, toHour: days[days.length - 1].to };
}
