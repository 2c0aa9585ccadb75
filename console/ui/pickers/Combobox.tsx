import { useId, type KeyboardEvent, type ReactNode } from 'react';
import type { PickerItem } from '../../../machines/console/pickerMachine';
import { t } from '../../i18n';
import { usePicker, type Found } from './usePicker';
import './pickers.css';

interface ComboboxProps<T extends PickerItem> {
  label: string;
  hint?: string;
  search: (text: string) => Promise<Found<T>>;
  onChoose: (item: T | null) => void;
  known: T | null;
  searchBlank?: boolean;
  /** The option's text in the field once chosen (and what a screen reader reads of it). */
  textOf: (item: T) => string;
  /** An option as listed: picture, name, languages. */
  render: (item: T) => ReactNode;
  /** What is listed when nothing matches the text typed. */
  noneText: (typed: string) => string;
  disabled?: boolean;
}

/**
 * A searchable picker as the WAI-ARIA combobox pattern has it (an editable
 * field with a list popup): typing asks the server, the arrow keys move
 * through the options (aria-activedescendant: the focus stays in the field),
 * Enter or a click chooses, Escape or leaving the field closes the list and
 * puts back the choice made before. How many were found is told in a live
 * region; the choice is shown below with its picture and a button to clear it.
 */
export function Combobox<T extends PickerItem>(p: ComboboxProps<T>) {
  const id = useId();
  const { state, send, items, chosen } = usePicker(p);
  const open = state.matches('results');
  const active = open ? state.context.active : -1;
  const optionId = (i: number) => `${id}-option-${i}`;
  const value = state.matches('chosen') && chosen ? p.textOf(chosen) : state.context.query;
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const go = (ev: Parameters<typeof send>[0]) => {
      e.preventDefault();
      send(ev);
    };
    if (e.key === 'ArrowDown') go(open && !e.altKey ? { type: 'option.moved', to: 'next' } : { type: 'list.opened' });
    else if (e.key === 'ArrowUp' && open) go({ type: 'option.moved', to: 'previous' });
    else if (e.key === 'Enter' && open) go({ type: 'option.chosen' });
    // Enter while the list is being searched chooses nothing and sends no form.
    else if (e.key === 'Enter' && (state.matches('searching') || state.matches('empty'))) e.preventDefault();
    else if (e.key === 'Escape' && !state.matches('idle') && !state.matches('chosen')) {
      e.stopPropagation();
      go({ type: 'list.closed' });
    }
  };
  const described = [p.hint ? `${id}-hint` : '', `${id}-status`].filter(Boolean).join(' ');
  return (
    <div className="c-field c-picker">
      <label htmlFor={`${id}-input`}>{p.label}</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        aria-describedby={described}
        disabled={p.disabled}
        value={value}
        onChange={(e) => send({ type: 'query.typed', text: e.target.value })}
        onKeyDown={onKey}
        onBlur={() => send({ type: 'list.closed' })}
      />
      {p.hint ? (
        <div id={`${id}-hint`} className="c-field__hint">
          {p.hint}
        </div>
      ) : null}
      <ul id={`${id}-list`} role="listbox" aria-label={p.label} className="c-picker__list" hidden={!open}>
        {items.map((item, i) => (
          <li
            key={item.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="c-picker__option"
            // Chosen before the field loses its focus (a blur would close the list first).
            onMouseDown={(e) => {
              e.preventDefault();
              send({ type: 'option.chosen', index: i });
            }}
          >
            {p.render(item)}
          </li>
        ))}
      </ul>
      <p id={`${id}-status`} className="c-picker__status" role="status" aria-live="polite">
        {statusText(state, items.length, p.noneText)}
      </p>
      {chosen ? (
        <div className="c-picker__chosen">
          <span className="c-visually-hidden">{t('console.picker.chosen')}</span>
          {p.render(chosen)}
          <button
            type="button"
            className="c-button c-button--quiet"
            aria-label={t('console.picker.clearNamed', { label: p.label })}
            onClick={() => send({ type: 'choice.cleared' })}
          >
            {t('console.picker.clear')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

type PickerState = ReturnType<typeof usePicker>['state'];

function statusText(state: PickerState, count: number, noneText: (typed: string) => string): string {
  if (state.matches('searching')) return t('console.picker.searching');
  if (state.matches('empty')) return noneText(state.context.query.trim());
  if (state.matches('failed')) return t('console.picker.failed');
  if (!state.matches('results')) return '';
  return state.context.more ? t('console.picker.more', { count }) : t('console.picker.found', { count });
}
