/**
 * Times typed and shown in a time zone the editor picks (issue 31), stored
 * as UTC seconds. Only Intl: the zone's offset at an instant is read from
 * the formatter, so daylight saving and historical offsets are the
 * platform's tz data, not ours.
 */

/** The zone names this browser knows (IANA), UTC first. */
export function timeZones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, ms: number): Record<string, number> {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** The zone's offset from UTC at that instant, in ms (east positive). */
function offsetAt(zone: string, ms: number): number {
  const p = partsIn(zone, ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * "2026-11-26T19:30" (an `<input type="datetime-local">` value) read as a
 * wall-clock time in `zone` → UTC seconds; null when it is not such a value.
 * A time skipped by a clock change lands after the gap.
 */
export function zonedToUtc(local: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // Two passes: the offset at the guess, then at the corrected instant (it differs across a change).
  let ms = wall - offsetAt(zone, wall);
  ms = wall - offsetAt(zone, ms);
  return Math.floor(ms / 1000);
}

/** UTC seconds → the `datetime-local` value of that instant's wall-clock time in `zone`. */
export function utcToZoned(sec: number, zone: string): string {
  const p = partsIn(zone, sec * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** UTC seconds written for the editor in their locale, in `zone`, with the zone's name. */
export function showIn(sec: number, zone: string, locale: string): string {
  // (dateStyle cannot be combined with timeZoneName: the fields are named one by one.)
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(new Date(sec * 1000));
}
