import { setup } from 'xstate';

/**
 * The viewer's page-thumbnail strip (issue 48): closed until its button in
 * the footer opens it; opening loads the thumbnail sheet of the page the
 * reader is at (loadThumbs, provided at the React boundary), and the strip
 * shows the pages with their pictures once it is there, or with their
 * numbers alone and a retry when it failed. Choosing a page jumps to it
 * (goToSlot) and closes the strip, in any open state; so does closing.
 */
export type ThumbStripEvent =
  | { type: 'strip.open' }
  | { type: 'strip.loaded' }
  | { type: 'strip.failed' }
  | { type: 'strip.retry' }
  | { type: 'strip.jump'; slot: number }
  | { type: 'strip.close' };

export const thumbStripMachine = setup({
  types: { events: {} as ThumbStripEvent },
  actions: {
    loadThumbs: () => {},
    goToSlot: (_, _p: { slot: number }) => {},
  },
}).createMachine({
  id: 'thumbStrip',
  initial: 'closed',
  states: {
    closed: { on: { 'strip.open': 'loading' } },
    loading: {
      entry: 'loadThumbs',
      on: {
        'strip.loaded': 'shown',
        'strip.failed': 'failed',
        'strip.jump': { target: 'closed', actions: { type: 'goToSlot', params: ({ event }) => ({ slot: event.slot }) } },
        'strip.close': 'closed',
      },
    },
    shown: {
      on: {
        'strip.jump': { target: 'closed', actions: { type: 'goToSlot', params: ({ event }) => ({ slot: event.slot }) } },
        'strip.close': 'closed',
      },
    },
    failed: {
      on: {
        'strip.retry': 'loading',
        'strip.jump': { target: 'closed', actions: { type: 'goToSlot', params: ({ event }) => ({ slot: event.slot }) } },
        'strip.close': 'closed',
      },
    },
  },
});
