import { assign, setup } from 'xstate';

/**
 * The thumbnail over the viewer's page slider (issue 48): hidden until the
 * pointer hovers the slider (the page under it) or the reader moves its
 * thumb (a drag, a key: the page it is at); a drag's preview follows the
 * thumb until it is let go (the pointer up, the focus gone, Escape), a
 * hover's until the pointer leaves. `slot` is the spread it shows.
 */
export type ThumbPreviewEvent =
  | { type: 'preview.hover'; slot: number }
  | { type: 'preview.scrub'; slot: number }
  | { type: 'preview.release' }
  | { type: 'preview.leave' };

export const thumbPreviewMachine = setup({
  types: { context: {} as { slot: number }, events: {} as ThumbPreviewEvent },
  actions: {
    follow: assign({ slot: ({ event, context }) => ('slot' in event ? event.slot : context.slot) }),
  },
}).createMachine({
  id: 'thumbPreview',
  context: { slot: 0 },
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'preview.hover': { target: 'hovering', actions: 'follow' }, 'preview.scrub': { target: 'scrubbing', actions: 'follow' } },
    },
    hovering: {
      on: {
        'preview.hover': { actions: 'follow' },
        'preview.scrub': { target: 'scrubbing', actions: 'follow' },
        'preview.leave': 'hidden',
      },
    },
    scrubbing: {
      on: { 'preview.scrub': { actions: 'follow' }, 'preview.release': 'hidden' },
    },
  },
});
