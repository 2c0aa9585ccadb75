import { and, assign, setup } from 'xstate';

/**
 * A searchable picker (a combobox: console/ui/pickers/): the editor types a
 * part of a name, the server is asked, its answer is listed, one option is
 * chosen with the keys or the pointer. Every keystroke asks again; an answer
 * to another text than the one typed now (a slower answer to an earlier
 * keystroke) is dropped, so what is listed is always for what is typed. Escape or leaving the field closes the
 * list and puts back the choice made before; clearing it leaves none. A
 * picker whose list makes sense empty (a title's chapters) asks on an empty
 * text as well (`searchBlank`).
 */
export interface PickerItem {
  id: number;
}

export interface PickerContext {
  /** What is typed; only the answer to it is listed. */
  query: string;
  items: readonly PickerItem[];
  /** More than those listed match (the server's page is full). */
  more: boolean;
  /** The option the keys are on (an index in items). */
  active: number;
  chosen: PickerItem | null;
  searchBlank: boolean;
  problem: string | null;
}

export interface PickerInput {
  chosen: PickerItem | null;
  searchBlank?: boolean;
}

export type PickerEvent =
  | { type: 'query.typed'; text: string }
  | { type: 'list.opened' }
  | { type: 'search.answered'; query: string; items: readonly PickerItem[]; more: boolean }
  | { type: 'search.failed'; query: string; code: string }
  | { type: 'option.moved'; to: 'next' | 'previous' | 'first' | 'last' }
  | { type: 'option.chosen'; index?: number }
  | { type: 'list.closed' }
  | { type: 'choice.cleared' }
  | { type: 'choice.known'; item: PickerItem | null };

const isCurrent = ({ context, event }: { context: PickerContext; event: PickerEvent }) =>
  (event.type === 'search.answered' || event.type === 'search.failed') && event.query === context.query;

function moved(context: PickerContext, to: 'next' | 'previous' | 'first' | 'last'): number {
  const n = context.items.length;
  if (to === 'first') return 0;
  if (to === 'last') return n - 1;
  return (context.active + (to === 'next' ? 1 : -1) + n) % n;
}

/** Asks again for what is typed (the list opened by the keys, a retry after a failure). */
const SEARCH_AGAIN = ['ask', { type: 'search', params: ({ context }: { context: PickerContext }) => ({ text: context.query }) }] as const;

export const pickerMachine = setup({
  types: { context: {} as PickerContext, events: {} as PickerEvent, input: {} as PickerInput },
  actions: {
    /** Asks the server for `text`; its answer comes back as search.answered (or search.failed) naming the text. */
    search: (_, _p: { text: string }) => {},
    /** Tells the form what was chosen (null: nothing). */
    choose: (_, _p: { item: PickerItem | null }) => {},
    ask: assign({
      query: ({ context, event }) => (event.type === 'query.typed' ? event.text : context.query),
      problem: null,
    }),
    list: assign({
      items: ({ event }) => (event.type === 'search.answered' ? event.items : []),
      more: ({ event }) => event.type === 'search.answered' && event.more,
      active: 0,
    }),
    forget: assign({ items: [], more: false, active: 0, problem: null }),
    move: assign({ active: ({ context, event }) => (event.type === 'option.moved' ? moved(context, event.to) : context.active) }),
    pick: assign({
      chosen: ({ context, event }) => (event.type === 'option.chosen' ? (context.items[event.index ?? context.active] ?? null) : null),
      query: '',
    }),
    know: assign({ chosen: ({ event }) => (event.type === 'choice.known' ? event.item : null), query: '' }),
    unchoose: assign({ chosen: null, query: '' }),
    noteFailure: assign({ problem: ({ event }) => (event.type === 'search.failed' ? event.code : null) }),
  },
  guards: {
    isCurrent,
    hasItems: ({ event }) => event.type === 'search.answered' && event.items.length > 0,
    asksSomething: ({ context, event }) => {
      const text = event.type === 'query.typed' ? event.text : context.query;
      return context.searchBlank || text.trim() !== '';
    },
    hasChoice: ({ context }) => context.chosen !== null,
    isKnown: ({ event }) => event.type === 'choice.known' && event.item !== null,
    hasOption: ({ context, event }) => event.type === 'option.chosen' && context.items[event.index ?? context.active] !== undefined,
  },
}).createMachine({
  id: 'consolePicker',
  context: ({ input }) => ({
    query: '',
    items: [],
    more: false,
    active: 0,
    chosen: input.chosen,
    searchBlank: input.searchBlank ?? false,
    problem: null,
  }),
  initial: 'closing',
  on: {
    'query.typed': [
      {
        guard: 'asksSomething',
        target: '.searching',
        actions: SEARCH_AGAIN,
      },
      { target: '.idle', actions: ['forget', assign({ query: ({ event }) => event.text })] },
    ],
    'choice.cleared': { target: '.idle', actions: ['forget', 'unchoose', { type: 'choose', params: { item: null } }] },
    'choice.known': [
      { guard: 'isKnown', target: '.chosen', actions: ['forget', 'know'] },
      { target: '.idle', actions: ['forget', 'know'] },
    ],
  },
  states: {
    /** The list closed: back to the choice made, if any. */
    closing: { always: [{ guard: 'hasChoice', target: 'chosen' }, { target: 'idle' }] },
    idle: {
      on: {
        'list.opened': { guard: 'asksSomething', target: 'searching', actions: SEARCH_AGAIN },
        // Leaving an emptied field puts the choice back (clearing it is the clear button's).
        'list.closed': { target: 'closing' },
      },
    },
    chosen: { on: { 'list.opened': { guard: 'asksSomething', target: 'searching', actions: SEARCH_AGAIN } } },
    searching: {
      on: {
        // An answer to an older question than the last is dropped.
        'search.answered': [
          { guard: and(['isCurrent', 'hasItems']), target: 'results', actions: 'list' },
          { guard: 'isCurrent', target: 'empty', actions: 'list' },
        ],
        'search.failed': { guard: 'isCurrent', target: 'failed', actions: ['forget', 'noteFailure'] },
        'list.closed': { target: 'closing', actions: 'forget' },
      },
    },
    results: {
      on: {
        'option.moved': { actions: 'move' },
        'option.chosen': {
          guard: 'hasOption',
          target: 'chosen',
          actions: ['pick', { type: 'choose', params: ({ context }) => ({ item: context.chosen }) }, 'forget'],
        },
        'list.closed': { target: 'closing', actions: 'forget' },
      },
    },
    empty: { on: { 'list.closed': { target: 'closing', actions: 'forget' } } },
    failed: {
      on: {
        'list.opened': { target: 'searching', actions: SEARCH_AGAIN },
        'list.closed': { target: 'closing', actions: 'forget' },
      },
    },
  },
});
