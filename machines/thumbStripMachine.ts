import { assign, setup } from 'xstate';

/**
 * The viewer's page-thumbnail strip (issue 48): closed until its button in
 * the footer opens it; opening loads the thumbnail sheet of the page the
 * reader is at (`sheet`: loadThumbs, provided at the React boundary), and
 * the strip shows the pages with their pictures once it is there, or with
 * their numbers alone and a retry when it failed. Choosing a page (the
 * viewer jumps there) closes the strip, in any open state; so does closing.
 */
export type ThumbStripEvent =
  | { type: 'strip.open'; sheet: number }
  | { type: 'strip.loaded' }
  | { type: 'strip.failed' }
  | { type: 'strip.retry' }
  | { type: 'strip.jump'; slot: number }
  | { type: 'strip.close' };

export const thumbStripMachine = setup({
  types: { context: {} as { sheet: number }, events: {} as ThumbStripEvent },
  actions: {
    loadThumbs: (_, _p: { sheet: number }) => {},
  },
}).createMachine({
  id: 'thumbStrip',
  context: { sheet: 0 },
  initial: 'closed',
  states: {
    closed: { on: { 'strip.open': { target: 'loading', actions: assign({ sheet: ({ event }) => event.sheet }) } } },
    loading: {
      entry: { type: 'loadThumbs', params: ({ context }) => ({ sheet: context.sheet }) },
      on: { 'strip.loaded': 'shown', 'strip.failed': 'failed', 'strip.jump': 'closed', 'strip.close': 'closed' },
    },
    shown: { on: { 'strip.jump': 'closed', 'strip.close': 'closed' } },
    failed: { on: { 'strip.retry': 'loading', 'strip.jump': 'closed', 'strip.close': 'closed' } },
  },
});
