/**
 * Count abbreviation (000 §5): 1,000 and above as x.xk, 1,000,000 and above
 * as x.xm, rounded down to one decimal; below 1,000 the plain number. The
 * digits and the decimal mark are the given locale's (the interface locale):
 * "1.5k" in English, "1,5k" in French.
 */
export function abbreviateCount(n: number, locale = 'en'): string {
  const fmt = (v: number, unit: string) => {
    const d = Math.floor(v * 10) / 10;
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(d)}${unit}`;
  };
  if (n >= 1_000_000) return fmt(n / 1_000_000, 'm');
  if (n >= 1_000) return fmt(n / 1_000, 'k');
  return new Intl.NumberFormat(locale).format(n);
}
