import { locale } from '../../../src/i18n';
import { t } from '../../i18n';

/** A column's or series' shown name: its catalog entry, or the key itself where none is written. */
export function columnName(key: string): string {
  const k = `console.stats.col.${key}`;
  const s = t(k);
  return s === k ? key : s;
}

const pct = () => new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 });
const int = () => new Intl.NumberFormat(locale());

/** A cell as shown (and read by screen readers): numbers in the interface's locale, shares as percentages. */
export function cellText(kind: 'text' | 'int' | 'pct', v: string | number | null): string {
  if (v === null) return '—';
  if (typeof v === 'string') return v;
  return kind === 'pct' ? pct().format(v) : int().format(v);
}
