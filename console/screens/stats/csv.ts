import type { StatsTable } from '../../../core/console/schemas/stats';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
function field(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (/^[=+\-@]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A table as CSV: the header row (the columns' names as shown), then its rows in the order shown. */
export function toCsv(table: StatsTable, header: readonly string[], rows: StatsTable['rows']): string {
  const lines = [header.map(field).join(',')];
  for (const r of rows) lines.push(table.columns.map((c) => field(r[c.key])).join(','));
  return lines.join('\r\n') + '\r\n';
}
