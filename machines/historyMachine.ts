import { assign, setup } from 'xstate';
import type { HistoryEntry } from '../core/gen/manga/v1/home_pb';

/**
 * The visitor's reading history (the home's "Continue reading" row and the
 * history screen, GET /api/history): loading, then shown (possibly empty)
 * or an error with a retry. Removing one title or all of it runs the
 * provided `remove` call (its target in context: a title id, or null for
 * all) and answers 'history.removed' (the entries drop out) or
 * 'history.failed' (the entries stay, the error shows until dismissed).
 * The calls are provided actions: `load` answers 'history.loaded' or
 * 'history.failed'.
 */
export interface HistoryContext {
  entries: HistoryEntry[];
  /** What is being removed: a title id, or null for the whole history. */
  target: number | null;
  error: string | null;
}

export type HistoryEvent =
  | { type: 'history.loaded'; entries: HistoryEntry[] }
  | { type: 'history.failed'; message: string }
  | { type: 'history.retry' }
  | { type: 'history.remove'; titleId: number }
  | { type: 'history.clear' }
  | { type: 'history.removed' }
  | { type: 'error.dismiss' };

const titleOf = (e: HistoryEntry) => e.title?.titleId ?? 0;

export const historyMachine = setup({
  types: {
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
  },
  actions: {
    load: () => {},
    remove: (_, _target: { titleId: number | null }) => {},
    setEntries: assign({ entries: ({ event }) => (event.type === 'history.loaded' ? event.entries : []), error: null }),
    setTarget: assign({ target: ({ event }) => (event.type === 'history.remove' ? event.titleId : null), error: null }),
    dropTarget: assign({
      entries: ({ context }) => (context.target === null ? [] : context.entries.filter((e) => titleOf(e) !== context.target)),
    }),
    setError: assign({ error: ({ event }) => (event.type === 'history.failed' ? event.message : null) }),
    clearError: assign({ error: null }),
  },
  guards: {
    hasEntries: ({ context }) => context.entries.length > 0,
  },
}).createMachine({
  id: 'history',
  context: { entries: [], target: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: 'load',
      on: {
        'history.loaded': { target: 'shown', actions: 'setEntries' },
        'history.failed': { target: 'error', actions: 'setError' },
      },
    },
    error: {
      on: { 'history.retry': { target: 'loading', actions: 'clearError' } },
    },
    shown: {
      on: {
        'history.remove': { guard: 'hasEntries', target: 'removing', actions: 'setTarget' },
        'history.clear': { guard: 'hasEntries', target: 'removing', actions: 'setTarget' },
        'error.dismiss': { actions: 'clearError' },
      },
    },
    removing: {
      entry: { type: 'remove', params: ({ context }) => ({ titleId: context.target }) },
      on: {
        'history.removed': { target: 'shown', actions: 'dropTarget' },
        'history.failed': { target: 'shown', actions: 'setError' },
      },
    },
  },
});
