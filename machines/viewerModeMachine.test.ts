import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { viewerModeMachine } from './viewerModeMachine';
import { modeOf, resolveMode, type ViewerMode } from '../core/viewer/viewerMode';

describe('the reading direction a chapter opens in', () => {
  it('is the state the viewer-mode machine starts in, for every stored choice and chapter constraint', () => {
    for (const stored of [null, 'vertical', 'horizontal'] as const)
      for (const verticalOnly of [false, true])
        for (const horizontalOnly of [false, true]) {
          const actor = createActor(viewerModeMachine, { input: { stored, verticalOnly, horizontalOnly } }).start();
          const preferred: ViewerMode = stored ?? 'vertical';
          expect(actor.getSnapshot().value, JSON.stringify({ stored, verticalOnly, horizontalOnly })).toBe(
            resolveMode({ preferred, verticalOnly, horizontalOnly }),
          );
          actor.stop();
        }
  });

  it('reads vertically unless horizontal is chosen or forced; vertical-only wins over horizontal-only', () => {
    expect(resolveMode({ preferred: 'vertical', verticalOnly: false, horizontalOnly: false })).toBe('vertical');
    expect(resolveMode({ preferred: 'horizontal', verticalOnly: false, horizontalOnly: false })).toBe('horizontal');
    expect(resolveMode({ preferred: 'horizontal', verticalOnly: true, horizontalOnly: true })).toBe('verticalOnly');
    expect(resolveMode({ preferred: 'vertical', verticalOnly: false, horizontalOnly: true })).toBe('horizontalOnly');
    expect(modeOf('horizontalOnly')).toBe('horizontal');
    expect(modeOf('verticalOnly')).toBe('vertical');
  });
});
