import { useEffect, useState } from 'react';
import type { PickTitle } from '../../../core/console/schemas/pickers';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { TitleOption } from '../../ui/pickers/options';
import { SeriesPicker } from '../../ui/pickers/TitlePicker';

/** The first title of each series (by language), as the pickers show a series. */
function useSeriesShown(ids: readonly number[]): Map<number, PickTitle> {
  const [shown, setShown] = useState(new Map<number, PickTitle>());
  const missing = ids.filter((id) => !shown.has(id));
  const key = missing.join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    void call('GET /pick/titles', { query: { series: key } }).then(
      (r) =>
        live &&
        setShown((old) => {
          const next = new Map(old);
          for (const x of r.items) if (!next.has(x.seriesId)) next.set(x.seriesId, { ...x, id: x.seriesId });
          return next;
        }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [key]);
  return shown;
}

/** A featured list's series in order, each by its name and cover: moved up or down, removed, one more added with a picker. */
export function SeriesList({ value, onChange }: { value: readonly number[]; onChange: (ids: number[]) => void }) {
  const shown = useSeriesShown(value);
  const [adding, setAdding] = useState(0);
  const move = (i: number, by: number) => {
    const next = [...value];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  return (
    <fieldset className="c-picker-group">
      <legend>{t('console.featured.seriesList')}</legend>
      {value.length === 0 ? <p className="c-meta">{t('console.featured.noSeries')}</p> : null}
      <ol className="c-series-list">
        {value.map((id, i) => {
          const item = shown.get(id);
          const name = item?.name ?? String(id);
          return (
            <li key={id} className="c-series-list__item">
              {item ? <TitleOption item={item} series /> : <span>{id}</span>}
              <span className="c-row">
                <button type="button" className="c-button c-button--quiet" disabled={i === 0} onClick={() => move(i, -1)}>
                  <span aria-hidden="true">↑</span>
                  <span className="c-visually-hidden">{t('console.featured.up', { name })}</span>
                </button>
                <button type="button" className="c-button c-button--quiet" disabled={i === value.length - 1} onClick={() => move(i, 1)}>
                  <span aria-hidden="true">↓</span>
                  <span className="c-visually-hidden">{t('console.featured.down', { name })}</span>
                </button>
                <button type="button" className="c-button c-button--quiet" onClick={() => onChange(value.filter((x) => x !== id))}>
                  {t('console.featured.remove', { name })}
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <SeriesPicker
        // A fresh, empty picker after each series added.
        key={adding}
        label={t('console.featured.addSeries')}
        value={0}
        onChange={(id) => {
          if (!id) return;
          if (!value.includes(id)) onChange([...value, id]);
          setAdding((n) => n + 1);
        }}
      />
    </fieldset>
  );
}
