import { useMemo, useState } from 'react';
import type { StatsTable as Table } from '../../../core/console/schemas/stats';
import { t } from '../../i18n';
import { TableWrap } from '../../ui/ui';
import { toCsv } from './csv';
import { cellText, columnName, itemName, textCell } from './labels';

type Dir = 'ascending' | 'descending';
type Row = Table['rows'][number];

/** An item's name, with its picture where the row has one (a banner's or popup's: `image`, no column of its own). */
function NameCell({ row }: { row: Row }) {
  const image = typeof row.image === 'string' && row.image ? row.image : null;
  const name = itemName(row);
  return image ? (
    <span className="c-stats__named">
      <img className="c-stats__thumb" src={image} alt="" loading="lazy" />
      <span>{name}</span>
    </span>
  ) : (
    name
  );
}

/** A dashboard table: sortable by any column (a button in its header, aria-sort), exported as CSV as sorted. */
export function StatsTable({ table, caption, file }: { table: Table; caption: string; file: string }) {
  const [sort, setSort] = useState<{ key: string; dir: Dir } | null>(null);
  const rows = useMemo(() => {
    if (!sort) return table.rows;
    const sign = sort.dir === 'ascending' ? 1 : -1;
    return [...table.rows].sort((a, b) => {
      const x = a[sort.key] ?? null;
      const y = b[sort.key] ?? null;
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
    });
  }, [table, sort]);
  const header = table.columns.map((c) => columnName(c.key));
  const download = () => {
    const blob = new Blob([toCsv(table, header, rows)], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${file}.csv`;
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <section className="c-stats__table" aria-label={caption}>
      <div className="c-stats__table-head">
        <h3>{caption}</h3>
        <button type="button" className="c-button c-button--quiet c-stats__csv" onClick={download}>
          {t('console.stats.csv')}
        </button>
      </div>
      <TableWrap label={caption}>
        <table className="c-table" data-table={table.id}>
          <caption className="c-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {table.columns.map((c, i) => {
                const dir = sort?.key === c.key ? sort.dir : undefined;
                return (
                  <th key={c.key} scope="col" aria-sort={dir ?? 'none'} className={c.kind === 'text' ? '' : 'c-num'}>
                    <button
                      type="button"
                      className="c-stats__sort"
                      onClick={() => setSort({ key: c.key, dir: dir === 'descending' ? 'ascending' : 'descending' })}
                    >
                      {header[i]}
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={table.columns.length}>{t('console.stats.empty')}</td>
              </tr>
            ) : (
              rows.map((r, i) => (
                <tr key={i}>
                  {table.columns.map((c) => (
                    <td key={c.key} className={c.kind === 'text' ? '' : 'c-num'} data-col={c.key}>
                      {c.key === 'name' ? <NameCell row={r} /> : null}
                      {c.key !== 'name' && c.kind === 'text' ? textCell(c.key, r[c.key] ?? null) : null}
                      {c.kind !== 'text' ? cellText(c.kind, r[c.key] ?? null) : null}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}
