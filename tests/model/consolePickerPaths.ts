import type { PickerEvent } from '../../machines/console/pickerMachine';

/** The picker's events and inputs to explore, shared by its pure test and its paths on the real combobox. */
export const A = { id: 101 };
export const B = { id: 102 };
export const PICKER_EVENTS: PickerEvent[] = [
  { type: 'query.typed', text: 'bla' },
  { type: 'query.typed', text: '' },
  { type: 'list.opened' },
  { type: 'search.answered', query: 'bla', items: [A, B], more: false },
  { type: 'search.answered', query: 'bla', items: [], more: false },
  { type: 'search.failed', query: 'bla', code: 'internal' },
  { type: 'option.moved', to: 'next' },
  { type: 'option.chosen' },
  { type: 'list.closed' },
  { type: 'choice.cleared' },
  { type: 'choice.known', item: A },
  { type: 'choice.known', item: null },
];
export const PICKER_INPUTS = [{ chosen: null }, { chosen: A, searchBlank: true }];
const typed = { type: 'query.typed', text: 'bla' } as const;
const found = { type: 'search.answered', query: 'bla', items: [A, B], more: false } as const;
const closed = { type: 'list.closed' } as const;
const opened = { type: 'list.opened' } as const;
/** The loops and returns no shortest path takes, per input. */
export const pickerSequences = (input: unknown): PickerEvent[][] =>
  (input as { chosen: unknown }).chosen
    ? [[opened], [{ type: 'choice.cleared' }, opened], [{ type: 'choice.known', item: null }]]
    : [
        [typed, found, { type: 'option.moved', to: 'next' }, { type: 'option.chosen' }],
        [typed, found, closed],
        [typed, closed, opened],
        [typed, { ...found, items: [] }, closed],
        [typed, { type: 'search.failed', query: 'bla', code: 'internal' }, opened],
        [typed, { type: 'search.failed', query: 'bla', code: 'internal' }, closed],
        [{ type: 'choice.known', item: null }],
        [{ type: 'query.typed', text: '' }, closed],
      ];
/** States told apart by value, whether a choice is held and what is typed (the option the keys are on is left out). */
export const pickerState = (s: { value: unknown; context: unknown }) => {
  const c = s.context as { chosen: unknown; query: string };
  return `${JSON.stringify(s.value)}:${c.chosen ? 1 : 0}:${c.query}`;
};
