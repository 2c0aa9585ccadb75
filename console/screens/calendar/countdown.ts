/**
 * How long until (or since) an instant, in the editor's locale: the largest
 * unit that fits ("in 3 days", "in 2 hours", "in 5 minutes", "now").
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

export function countdown(at: number, now: number, locale: string): string {
  const d = at - now;
  const f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, s] of UNITS) if (Math.abs(d) >= s) return f.format(Math.trunc(d / s), unit);
  return f.format(0, 'minute');
}

/** A language's name in the editor's locale, from its short code (th → Thai / タイ語). */
export function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
