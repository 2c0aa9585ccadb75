import { assign, setup } from 'xstate';

/**
 * The manga list's filter and sort (000 §2 Manga list, §4, §5): a Filter
 * modal (By Genre, By Label) and a Sort modal (A to Z default, Z to A, Most
 * Recent). Selecting the selected tag or label again turns it off; the
 * radio of the current sort is disabled. Choices persist in session
 * storage through the provided saveSelection action.
 */
export type ListSort = 'az' | 'za' | 'recent';

export interface ListFilterContext {
  tag: string | null;
  label: string | null;
  sort: ListSort;
}

export type ListFilterEvent =
  | { type: 'filter.open' }
  | { type: 'sort.open' }
  | { type: 'modal.close' }
  | { type: 'filter.tag'; slug: string }
  | { type: 'filter.label'; code: string }
  | { type: 'filter.clear' }
  | { type: 'sort.set'; sort: ListSort };

export const listFilterMachine = setup({
  types: {
    context: {} as ListFilterContext,
    input: {} as Partial<ListFilterContext>, // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion -- XState infers the input type from this assertion (without it: {})
    events: {} as ListFilterEvent,
  },
  actions: {
    saveSelection: (_, _p: ListFilterContext) => {},
    toggleTag: assign({
      tag: ({ context, event }) => (event.type === 'filter.tag' ? (context.tag === event.slug ? null : event.slug) : context.tag),
    }),
    toggleLabel: assign({
      label: ({ context, event }) => (event.type === 'filter.label' ? (context.label === event.code ? null : event.code) : context.label),
    }),
  },
  guards: {
    isOtherSort: ({ context, event }) => event.type === 'sort.set' && event.sort !== context.sort,
  },
}).createMachine({
  id: 'listFilter',
  context: ({ input }) => ({ tag: input?.tag ?? null, label: input?.label ?? null, sort: input?.sort ?? 'az' }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'filter.open': 'filterOpen', 'sort.open': 'sortOpen' },
    },
    filterOpen: {
      on: {
        'filter.tag': { actions: ['toggleTag', { type: 'saveSelection', params: ({ context }) => context }] },
        'filter.label': { actions: ['toggleLabel', { type: 'saveSelection', params: ({ context }) => context }] },
        'filter.clear': { actions: [assign({ tag: null, label: null }), { type: 'saveSelection', params: ({ context }) => context }] },
        'modal.close': 'closed',
      },
    },
    sortOpen: {
      on: {
        'sort.set': {
          guard: 'isOtherSort',
          target: 'closed',
          actions: [assign({ sort: ({ event }) => event.sort }), { type: 'saveSelection', params: ({ context }) => context }],
        },
        'modal.close': 'closed',
      },
    },
  },
});
