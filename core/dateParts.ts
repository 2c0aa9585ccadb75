/**
 * Calendar dates and wall-clock times in a time zone, as numbers, and the
 * machine forms built from them (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`: date
 * inputs, API parameters). Never a locale's written form: what a locale writes
 * is the engine's and ICU's choice (WebKit on Debian's ICU 72 writes en-CA as
 * 12/02/2026, not 2026-12-02), so each field is read from formatToParts and the
 * string is put together here. Only Intl: no zone table of our own.
 */

export interface DateParts {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  /** 0-23. */
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The fields of instant `ms` in `zone` (an IANA name; RangeError for an unknown one). */
export function zonedParts(ms: number, zone: string): DateParts {
  let f = formats.get(zone);
  if (!f) {
    // (Latin digits whatever the locale's; 24-hour, and midnight read as 0 below where an engine writes 24.)
    f = new Intl.DateTimeFormat('en-US-u-nu-latn', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  const o: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const p of f.formatToParts(ms)) if (p.type !== 'literal') o[p.type] = Number(p.value);
  return {
    year: o.year ?? NaN,
    month: o.month ?? NaN,
    day: o.day ?? NaN,
    hour: (o.hour ?? NaN) % 24,
    minute: o.minute ?? NaN,
    second: o.second ?? NaN,
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const day = (p: DateParts) => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;

/** Instant `ms` as its calendar day in `zone`: `YYYY-MM-DD`. */
export function isoDay(ms: number, zone: string): string {
  return day(zonedParts(ms, zone));
}

/** Instant `ms` as the wall-clock minute in `zone`: `YYYY-MM-DDTHH:mm` (a datetime-local value). */
export function isoMinute(ms: number, zone: string): string {
  const p = zonedParts(ms, zone);
  return `${day(p)}T${pad(p.hour)}:${pad(p.minute)}`;
}
