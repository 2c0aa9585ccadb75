import { setup } from 'xstate';

/** The comments' sort toggle (000 §2, §4): Likes (default) or Latest. */
export type CommentSortEvent = { type: 'sort.likes' } | { type: 'sort.latest' };

export const commentSortMachine = setup({
  types: { events: {} as CommentSortEvent },
}).createMachine({
  id: 'commentSort',
  initial: 'likes',
  states: {
    likes: { on: { 'sort.latest': 'latest' } },
    latest: { on: { 'sort.likes': 'likes' } },
  },
});
