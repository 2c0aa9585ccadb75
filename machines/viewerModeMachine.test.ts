import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { viewerModeMachine, type ViewerModeEvent } from './viewerModeMachine';
import { modeOf, resolveMode, type ViewerMode } from '../core/viewer/viewerMode';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const loaded = (verticalOnly: boolean, horizontalOnly: boolean): ViewerModeEvent => ({
  type: 'chapter.loaded',
  verticalOnly,
  horizontalOnly,
});
const EVENTS: ViewerModeEvent[] = [
  { type: 'mode.set', mode: 'vertical' },
  { type: 'mode.set', mode: 'horizontal' },
  loaded(false, false),
  loaded(true, false),
  loaded(false, true),
  { type: 'toast.elapsed' },
];

describe('viewerModeMachine: the reading direction a chapter opens in', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'viewerMode',
      viewerModeMachine,
      machinePaths(viewerModeMachine, {
        inputs: [{}, { stored: 'horizontal' }, { verticalOnly: true }, { horizontalOnly: true }],
        events: EVENTS,
      }),
    );
  });

  it('choosing the other direction stores it, reports it to analytics and shows a toast the clock hides', () => {
    const log = actionLog('saveMode', 'trackDirectionChange', 'startToastTimer');
    const a = createActor(viewerModeMachine.provide({ actions: log.actions }), { input: {} }).start();
    a.send({ type: 'mode.set', mode: 'vertical' });
    expect(log.calls).toEqual([]);
    a.send({ type: 'mode.set', mode: 'horizontal' });
    expect(a.getSnapshot().value).toBe('horizontal');
    expect(a.getSnapshot().context).toMatchObject({ preferred: 'horizontal', toast: true });
    expect(log.calls).toEqual([
      ['saveMode', { mode: 'horizontal' }],
      ['trackDirectionChange', undefined],
      ['startToastTimer', undefined],
    ]);
    a.send({ type: 'toast.elapsed' });
    expect(a.getSnapshot().context.toast).toBe(false);
  });

  it('a forced chapter ignores toggles; chapter data that arrives again re-applies its constraints', () => {
    expect(after(viewerModeMachine, { verticalOnly: true }, [{ type: 'mode.set', mode: 'horizontal' }]).value).toBe('verticalOnly');
    expect(after(viewerModeMachine, { stored: 'horizontal' }, [loaded(true, false)]).value).toBe('verticalOnly');
    expect(after(viewerModeMachine, { stored: 'horizontal' }, [loaded(true, false), loaded(false, false)]).value).toBe('horizontal');
  });

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
