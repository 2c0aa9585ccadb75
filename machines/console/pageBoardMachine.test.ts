import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { moveTo, pageBoardMachine } from './pageBoardMachine';
import { BOARD_PAGES as pages, PAGE_BOARD_EVENTS, byValue } from '../../tests/model/consoleCatalogEvents';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';
import { edgeSequences } from '../../tests/model/consoleCatalogEdges';

describe('pageBoardMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'consolePageBoard',
      pageBoardMachine,
      machinePaths(pageBoardMachine, {
        events: PAGE_BOARD_EVENTS,
        serializeState: byValue,
        sequences: () => edgeSequences(pageBoardMachine, PAGE_BOARD_EVENTS, { serializeState: byValue }),
      }),
    );
  });

  it('moveTo moves one page and clamps to the board', () => {
    expect(moveTo(pages, '3', 0).map((p) => p.id)).toEqual(['3', '1', '2']);
    expect(moveTo(pages, '1', 9).map((p) => p.id)).toEqual(['2', '3', '1']);
    expect(moveTo(pages, '2', -4).map((p) => p.id)).toEqual(['2', '1', '3']);
    expect(moveTo(pages, 'nope', 0)).toEqual(pages);
  });

  it('keyboard: grab, move (each move announced), drop saves the order with the version read', () => {
    const log = actionLog('loadBoard', 'saveOrder', 'announceMove');
    const a = createActor(pageBoardMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'board.loaded', pages, version: 7 });
    a.send({ type: 'page.grab', id: '1' });
    a.send({ type: 'page.move', by: 1 });
    a.send({ type: 'page.move', by: 1 });
    a.send({ type: 'page.move', by: 1 });
    a.send({ type: 'page.drop' });
    expect(log.calls).toEqual([
      ['loadBoard', undefined],
      ['announceMove', { id: '1', position: 2, total: 3 }],
      ['announceMove', { id: '1', position: 3, total: 3 }],
      ['announceMove', { id: '1', position: 3, total: 3 }],
      ['saveOrder', { order: ['2', '3', '1'], version: 7 }],
    ]);
  });

  it('a cancelled move or a refused save puts the board back', () => {
    const cancelled = after(pageBoardMachine, undefined, [
      { type: 'board.loaded', pages, version: 1 },
      { type: 'page.grab', id: '1' },
      { type: 'page.move', by: 2 },
      { type: 'page.cancel' },
    ]);
    expect(cancelled.context.pages).toEqual(pages);
    const refused = after(pageBoardMachine, undefined, [
      { type: 'board.loaded', pages, version: 1 },
      { type: 'page.drag', id: '3', to: 0 },
      { type: 'save.failed', code: 'conflict' },
    ]);
    expect(refused.value).toBe('viewing');
    expect(refused.context.pages).toEqual(pages);
    expect(refused.context.problem).toBe('conflict');
  });

  it('a stale save waits for a reload', () => {
    const s = after(pageBoardMachine, undefined, [
      { type: 'board.loaded', pages, version: 1 },
      { type: 'page.remove', id: '2' },
      { type: 'save.conflict' },
    ]);
    expect(s.value).toBe('conflict');
    expect(s.context.problem).toBe('conflict');
  });
});
