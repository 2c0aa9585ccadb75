import { locale, tBuilt } from '../../i18n';

/** A column's or series' shown name: its catalog entry, or the key itself where none is written. */
export function columnName(key: string): string {
  const k: `console.${string}` = `console.stats.col.${key}`;
  const s = tBuilt(k);
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

/** Where a text cell's value is a key (a promotion's kind or place), the catalogs that name it, first match wins. */
const VALUE_NAMES: Record<string, readonly `console.${string}`[]> = {
  kind: ['console.stats.kind.'],
  place: ['console.placement.', 'console.stats.place.', 'console.popups.placement.'],
};

/** A text cell as shown: kinds and places by their names in the interface's language (the CSV keeps the keys). */
export function textCell(column: string, v: string | number | null): string {
  if (typeof v !== 'string') return cellText('text', v);
  for (const prefix of VALUE_NAMES[column] ?? []) {
    const s = tBuilt(`${prefix}${v}`);
    if (s !== prefix + v) return s;
  }
  return v;
}

/** A row's name; a banner or popup that nothing names is called by its kind and id ("Banner 12"). */
export function itemName(row: Record<string, string | number | null>): string {
  if (typeof row.name === 'string' && row.name) return row.name;
  if (typeof row.kind === 'string' && typeof row.id === 'number') {
    const k: `console.${string}` = `console.stats.item.${row.kind}`;
    const s = tBuilt(k, { id: row.id });
    if (s !== k) return s;
  }
  return cellText('text', row.name ?? null);
}
