import { useState, type ReactNode } from 'react';
import { t } from '../../i18n';

/**
 * A list the editor puts in order: drag a row onto another, or with the
 * keyboard move the focused row up and down (Alt+Arrow, or its buttons).
 * Every move reports the whole new order of ids; the screen saves it.
 */
export function ReorderList<T extends { id: number }>({
  items,
  label,
  name,
  render,
  onOrder,
}: {
  items: readonly T[];
  label: string;
  name: (item: T) => string;
  render: (item: T) => ReactNode;
  onOrder: (ids: number[]) => void;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const ids = items.map((x) => x.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    onOrder(ids);
  };
  return (
    <ol className="c-reorder" aria-label={label}>
      {items.map((item, i) => (
        <li
          key={item.id}
          className={`c-reorder__item${dragged === item.id ? ' c-reorder__item--dragged' : ''}`}
          draggable
          onDragStart={(e) => {
            setDragged(item.id);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(item.id));
          }}
          onDragEnd={() => setDragged(null)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            const from = items.findIndex((x) => String(x.id) === e.dataTransfer.getData('text/plain'));
            if (from >= 0) move(from, i);
            setDragged(null);
          }}
          onKeyDown={(e) => {
            if (!e.altKey) return;
            if (e.key === 'ArrowUp') move(i, i - 1);
            else if (e.key === 'ArrowDown') move(i, i + 1);
            else return;
            e.preventDefault();
          }}
        >
          <span className="c-reorder__grip" aria-hidden="true">
            ⠿
          </span>
          <div className="c-reorder__body">{render(item)}</div>
          <span className="c-reorder__moves">
            <button
              type="button"
              className="c-button c-button--quiet"
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
              aria-label={t('console.reorder.up', { name: name(item) })}
            >
              ↑
            </button>
            <button
              type="button"
              className="c-button c-button--quiet"
              disabled={i === items.length - 1}
              onClick={() => move(i, i + 1)}
              aria-label={t('console.reorder.down', { name: name(item) })}
            >
              ↓
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}
