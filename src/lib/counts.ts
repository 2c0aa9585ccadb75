/**
 * Count abbreviation (000 §5): 1,000 and above as x.xk, 1,000,000 and above
 * as x.xm, rounded down to one decimal; below 1,000 the plain number.
 */
export function abbreviateCount(n: number): string {
  const fmt = (v: number, unit: string) => {
    const d = Math.floor(v * 10) / 10;
    return `${d.toFixed(1)}${unit}`;
  };
  if (n >= 1_000_000) return fmt(n / 1_000_000, 'm');
  if (n >= 1_000) return fmt(n / 1_000, 'k');
  return String(n);
}
