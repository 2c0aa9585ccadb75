import { describe, expect, it } from 'vitest';
import { thumbPreviewMachine, type ThumbPreviewEvent } from './thumbPreviewMachine';
import { after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: ThumbPreviewEvent[] = [
  { type: 'preview.hover', slot: 4 },
  { type: 'preview.scrub', slot: 11 },
  { type: 'preview.release' },
  { type: 'preview.leave' },
];
const byValue = (s: { value: unknown }) => JSON.stringify(s.value);

describe('thumbPreviewMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'thumbPreview',
      thumbPreviewMachine,
      machinePaths(thumbPreviewMachine, {
        events: EVENTS,
        serializeState: byValue,
        sequences: () => [
          [EVENTS[0], { type: 'preview.hover', slot: 5 }],
          [EVENTS[0], EVENTS[1]],
          [EVENTS[0], EVENTS[3]],
          [EVENTS[1], { type: 'preview.scrub', slot: 12 }],
          [EVENTS[1], EVENTS[2]],
        ],
      }),
    );
  });

  it('follows the page under the pointer, then the thumb of a drag until it is let go', () => {
    const hovered = after(thumbPreviewMachine, undefined, [
      { type: 'preview.hover', slot: 4 },
      { type: 'preview.hover', slot: 9 },
    ]);
    expect([hovered.value, hovered.context.slot]).toEqual(['hovering', 9]);
    const dragged = after(thumbPreviewMachine, undefined, [
      { type: 'preview.hover', slot: 4 },
      { type: 'preview.scrub', slot: 6 },
      { type: 'preview.leave' },
      { type: 'preview.scrub', slot: 7 },
    ]);
    // Leaving the slider mid-drag keeps the preview: the drag goes on.
    expect([dragged.value, dragged.context.slot]).toEqual(['scrubbing', 7]);
    expect(after(thumbPreviewMachine, undefined, [{ type: 'preview.scrub', slot: 6 }, { type: 'preview.release' }]).value).toBe('hidden');
  });
});
