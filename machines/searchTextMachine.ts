import { assign, setup } from 'xstate';

/**
 * The header search box (000 §2, §5): the draft follows the input; a
 * submit with text stores it and goes to /search_result?keyword=; an empty
 * input never overwrites the stored text (the submit is ignored).
 */
export interface SearchTextContext {
  /** The last searched keyword. */
  stored: string;
  draft: string;
}

export type SearchTextEvent = { type: 'text.change'; value: string } | { type: 'text.submit' } | { type: 'text.sync'; value: string };

export const searchTextMachine = setup({
  types: {
    context: {} as SearchTextContext,
    input: {} as { stored?: string }, // eslint-disable-line @typescript-eslint/no-unnecessary-type-assertion -- XState infers the input type from this assertion (without it: {})
    events: {} as SearchTextEvent,
  },
  actions: {
    goToResults: (_, _p: { keyword: string }) => {},
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim() !== '',
  },
}).createMachine({
  id: 'searchText',
  context: ({ input }) => ({ stored: input.stored ?? '', draft: input.stored ?? '' }),
  initial: 'checking',
  on: {
    'text.change': { target: '.checking', actions: assign({ draft: ({ event }) => event.value }) },
    // The results page tells the box what it shows (back/forward, a shared link).
    'text.sync': {
      target: '.checking',
      actions: assign(({ event }) => (event.value.trim() ? { stored: event.value, draft: event.value } : {})),
    },
  },
  states: {
    checking: { always: [{ guard: 'hasDraft', target: 'filled' }, { target: 'empty' }] },
    empty: {},
    filled: {
      on: {
        'text.submit': {
          target: 'submitted',
          actions: [
            assign({ stored: ({ context }) => context.draft.trim() }),
            { type: 'goToResults', params: ({ context }) => ({ keyword: context.draft.trim() }) },
          ],
        },
      },
    },
    submitted: {},
  },
});
