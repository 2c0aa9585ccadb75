import { setup } from 'xstate';

/**
 * Title detail's chapter sort (000 §4): older chapters first, or toggled so
 * the newer and older lists swap places and each is reversed. The server's
 * chaptersDescending picks the starting order.
 */
export type ChapterSortEvent = { type: 'sort.toggle' };

export const chapterSortMachine = setup({
  types: {
    input: {} as { descending: boolean },
    context: {} as { descending: boolean },
    events: {} as ChapterSortEvent,
  },
  guards: {
    startsDescending: ({ context }) => context.descending,
  },
}).createMachine({
  id: 'chapterSort',
  context: ({ input }) => ({ descending: input.descending }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'startsDescending', target: 'newestFirst' }, { target: 'oldestFirst' }] },
    oldestFirst: { on: { 'sort.toggle': 'newestFirst' } },
    newestFirst: { on: { 'sort.toggle': 'oldestFirst' } },
  },
});
