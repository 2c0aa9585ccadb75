import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { moveTo, pageBoardMachine, type BoardPage, type PageBoardEvent } from './pageBoardMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';
import { edgeSequences } from '../../tests/model/consoleCatalogEdges';

const pages: BoardPage[] = [
  { id: 'p1', type: 'SINGLE' },
  { id: 'p2', type: 'SINGLE' },
  { id: 'p3', type: 'DOUBLE' },
];
export const PAGE_BOARD_EVENTS: PageBoardEvent[] = [
  { type: 'board.loaded', pages, version: 1 },
  { type: 'page.grab', id: 'p1' },
  { type: 'page.move', by: 1 },
  { type: 'page.drop' },
  { type: 'page.cancel' },
  { type: 'page.drag', id: 'p3', to: 0 },
  { type: 'page.remove', id: 'p2' },
  { type: 'page.setType', id: 'p2', pageType: 'LEFT' },
  { type: 'page.upload', mode: 'insert', at: 1 },
  { type: 'save.done', pages, version: 2 },
  { type: 'save.failed', code: 'not-found' },
  { type: 'save.conflict' },
  { type: 'conflict.reload' },
];

// The order is continuous: explore by state value.
export const byValue = (s: { value: unknown }) => JSON.stringify(s.value);

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
    expect(moveTo(pages, 'p3', 0).map((p) => p.id)).toEqual(['p3', 'p1', 'p2']);
    expect(moveTo(pages, 'p1', 9).map((p) => p.id)).toEqual(['p2', 'p3', 'p1']);
    expect(moveTo(pages, 'p2', -4).map((p) => p.id)).toEqual(['p2', 'p1', 'p3']);
    expect(moveTo(pages, 'nope', 0)).toEqual(pages);
  });

  it('keyboard: grab, move (each move announced), drop saves the order with the version read', () => {
    const log = actionLog('loadBoard', 'saveOrder', 'announceMove');
    const a = createActor(pageBoardMachine.provide({ actions: log.actions })).start();
    a.send({ type: 'board.loaded', pages, version: 7 });
    a.send({ type: 'page.grab', id: 'p1' });
    a.send({ type: 'page.move', by: 1 });
    a.send({ type: 'page.move', by: 1 });
    a.send({ type: 'page.move', by: 1 });
    a.send({ type: 'page.drop' });
    expect(log.calls).toEqual([
      ['loadBoard', undefined],
      ['announceMove', { id: 'p1', position: 2, total: 3 }],
      ['announceMove', { id: 'p1', position: 3, total: 3 }],
      ['announceMove', { id: 'p1', position: 3, total: 3 }],
      ['saveOrder', { order: ['p2', 'p3', 'p1'], version: 7 }],
    ]);
  });

  it('a cancelled move or a refused save puts the board back', () => {
    const cancelled = after(pageBoardMachine, undefined, [
      { type: 'board.loaded', pages, version: 1 },
      { type: 'page.grab', id: 'p1' },
      { type: 'page.move', by: 2 },
      { type: 'page.cancel' },
    ]);
    expect(cancelled.context.pages).toEqual(pages);
    const refused = after(pageBoardMachine, undefined, [
      { type: 'board.loaded', pages, version: 1 },
      { type: 'page.drag', id: 'p3', to: 0 },
      { type: 'save.failed', code: 'conflict' },
    ]);
    expect(refused.value).toBe('viewing');
    expect(refused.context.pages).toEqual(pages);
    expect(refused.context.problem).toBe('conflict');
  });

  it('a stale save waits for a reload', () => {
    const s = after(pageBoardMachine, undefined, [
      { type: 'board.loaded', pages, version: 1 },
      { type: 'page.remove', id: 'p2' },
      { type: 'save.conflict' },
    ]);
    expect(s.value).toBe('conflict');
    expect(s.context.problem).toBe('conflict');
  });
});
