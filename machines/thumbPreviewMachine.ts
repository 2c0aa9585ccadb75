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

const at = assign({ slot: ({ event }: { event: ThumbPreviewEvent }) => ('slot' in event ? event.slot : 0) });

export const thumbPreviewMachine = setup({
  types: { context: {} as { slot: number }, events: {} as ThumbPreviewEvent },
}).createMachine({
  id: 'thumbPreview',
  context: { slot: 0 },
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'preview.hover': { target: 'hovering', actions: at }, 'preview.scrub': { target: 'scrubbing', actions: at } },
    },
    hovering: {
      on: {
        'preview.hover': { actions: at },
        'preview.scrub': { target: 'scrubbing', actions: at },
        'preview.leave': 'hidden',
      },
    },
    scrubbing: {
      on: { 'preview.scrub': { actions: at }, 'preview.release': 'hidden' },
    },
  },
});
