import type { KeyboardEvent } from 'react';
import type { PageType } from '../../../machines/console/pageBoardMachine';
import { t } from '../../i18n';

const TYPES: readonly PageType[] = ['SINGLE', 'LEFT', 'RIGHT', 'DOUBLE'];

/**
 * One page of the board: its thumbnail (grab and move it), its type, replace, insert before, remove.
 * A wide page is made a double page when it is processed (as `npm run import` does): the card says so,
 * with one click back to a single page (and one click to make it double again).
 */
export function PageCard(props: {
  index: number;
  total: number;
  type: PageType;
  name: string;
  thumb: string;
  suggestDouble: boolean;
  grabbed: boolean;
  disabled: boolean;
  onKeyDown: (e: KeyboardEvent) => void;
  onDragStart: () => void;
  onDrop: () => void;
  onType: (t: PageType) => void;
  onRemove: () => void;
  onFile: (mode: 'insert' | 'replace', file: File) => void;
}) {
  const n = props.index + 1;
  const file = (mode: 'insert' | 'replace') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (f) props.onFile(mode, f);
  };
  return (
    <li
      className={`c-board__page${props.grabbed ? ' c-board__page--grabbed' : ''}`}
      draggable={!props.disabled}
      onDragStart={props.onDragStart}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        props.onDrop();
      }}
    >
      <button
        type="button"
        className="c-board__thumb"
        aria-pressed={props.grabbed}
        aria-describedby="board-help"
        aria-label={t('console.board.page', { n, total: props.total, name: props.name })}
        disabled={props.disabled}
        onKeyDown={props.onKeyDown}
      >
        {props.thumb ? <img src={props.thumb} alt="" loading="lazy" /> : null}
        <span className="c-board__number">{n}</span>
      </button>
      <label className="c-board__type">
        <span className="c-visually-hidden">{t('console.board.typeOf', { n })}</span>
        <select value={props.type} disabled={props.disabled} onChange={(e) => props.onType(e.target.value as PageType)}>
          {TYPES.map((x) => (
            <option key={x} value={x}>
              {t(`console.pageType.${x}`)}
            </option>
          ))}
        </select>
      </label>
      {props.suggestDouble ? <WideNote n={n} double={props.type === 'DOUBLE'} disabled={props.disabled} onType={props.onType} /> : null}
      <div className="c-board__tools">
        <label className="c-button c-button--quiet">
          {t('console.board.replace')}
          <input className="c-visually-hidden" type="file" accept="image/*" disabled={props.disabled} onChange={file('replace')} />
        </label>
        <label className="c-button c-button--quiet">
          {t('console.board.insert')}
          <input className="c-visually-hidden" type="file" accept="image/*" disabled={props.disabled} onChange={file('insert')} />
        </label>
        <button
          type="button"
          className="c-button c-button--quiet"
          disabled={props.disabled}
          aria-label={t('console.board.removeNamed', { n })}
          onClick={props.onRemove}
        >
          {t('console.board.remove')}
        </button>
      </div>
    </li>
  );
}

/** A wide page's note: made a double page (undo: single), or not a double page (make it one). */
function WideNote({ n, double, disabled, onType }: { n: number; double: boolean; disabled: boolean; onType: (t: PageType) => void }) {
  return (
    <p className="c-board__wide">
      <span className="c-tag">{t(double ? 'console.board.madeDouble' : 'console.board.wide')}</span>{' '}
      <button
        type="button"
        className="c-button c-button--quiet"
        disabled={disabled}
        aria-label={t(double ? 'console.board.undoDoubleNamed' : 'console.board.makeDoubleNamed', { n })}
        onClick={() => onType(double ? 'SINGLE' : 'DOUBLE')}
      >
        {t(double ? 'console.board.undoDouble' : 'console.board.makeDouble')}
      </button>
    </p>
  );
}
