/**
 * Wall-clock times in a chosen time zone (the period pickers): an editor in
 * Tokyo schedules a banner for French readers at 09:00 Paris time. The
 * `datetime-local` value is read in that zone and shown back in it; the API
 * speaks seconds UTC. The fields in a zone: core/dateParts.ts.
 */
import { isoMinute, zonedParts } from '../../core/dateParts';

/** The zone's offset from UTC at that instant, in ms. */
function offsetAt(ms: number, zone: string): number {
  const p = zonedParts(ms, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** "YYYY-MM-DDTHH:mm" in `zone` → seconds UTC (null for an empty or malformed value). */
export function zonedToSeconds(local: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  // Two passes settle the offset across a daylight-saving change.
  let guess = wall - offsetAt(wall, zone);
  guess = wall - offsetAt(guess, zone);
  return Math.floor(guess / 1000);
}

/** Seconds UTC → "YYYY-MM-DDTHH:mm" in `zone` ('' for null). */
export function secondsToZoned(sec: number | null, zone: string): string {
  if (sec === null) return '';
  return isoMinute(sec * 1000, zone);
}

/** The browser's zone, and the zones Intl knows (the picker's list). */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const ZONE_KEY = 'console.timeZone';

/**
 * The zone this editor works in: the last one they picked in any time field
 * (kept in this browser), else the browser's. Every time the console shows is
 * written in it with its name, so what was typed in Asia/Bangkok reads back in
 * Asia/Bangkok after saving.
 */
export function ownZone(): string {
  try {
    const kept = localStorage.getItem(ZONE_KEY);
    if (kept && isZone(kept)) return kept;
  } catch {
    // Storage refused (a locked-down browser): the browser's zone.
  }
  return browserZone();
}

/** Remembers the zone the editor picked (the time fields and every time shown start from it). */
export function keepZone(zone: string): void {
  try {
    localStorage.setItem(ZONE_KEY, zone);
  } catch {
    // Not kept: this page still uses it.
  }
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
export const zoneList = (): string[] => {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes('UTC') ? all : ['UTC', ...all];
};

/** Seconds UTC written for the editor in their locale, in `zone`, with the zone's name. */
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
