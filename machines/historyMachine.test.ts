import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { createActor } from 'xstate';
import { HistoryEntrySchema } from '../core/gen/manga/v1/home_pb';
import { historyMachine, type HistoryEvent } from './historyMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const entry = (titleId: number, chapterId: number) =>
  create(HistoryEntrySchema, { title: { titleId, name: `T${titleId}` }, chapter: { titleId, chapterId }, page: 2, pageCount: 9 });
const TWO = [entry(1, 11), entry(2, 21)];
const FAIL: HistoryEvent = { type: 'history.failed', message: 'Network error' };
const EVENTS: HistoryEvent[] = [
  { type: 'history.loaded', entries: TWO },
  { type: 'history.loaded', entries: [] },
  FAIL,
  { type: 'history.retry' },
  { type: 'history.remove', titleId: 1 },
  { type: 'history.clear' },
  { type: 'history.removed' },
  { type: 'error.dismiss' },
];

describe('historyMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('history', historyMachine, machinePaths(historyMachine, { events: EVENTS }));
  });

  it('loads, then removes one title and then the rest, calling remove with its target', () => {
    const log = actionLog('load', 'remove');
    const a = createActor(historyMachine.provide({ actions: log.actions })).start();
    expect(a.getSnapshot().value).toBe('loading');
    a.send({ type: 'history.loaded', entries: TWO });
    expect(a.getSnapshot().context.entries).toHaveLength(2);
    a.send({ type: 'history.remove', titleId: 1 });
    expect(a.getSnapshot().value).toBe('removing');
    a.send({ type: 'history.removed' });
    expect(a.getSnapshot().context.entries.map((e) => e.title?.titleId)).toEqual([2]);
    a.send({ type: 'history.clear' });
    a.send({ type: 'history.removed' });
    expect(a.getSnapshot().value).toBe('shown');
    expect(a.getSnapshot().context.entries).toEqual([]);
    expect(log.calls).toEqual([
      ['load', undefined],
      ['remove', { titleId: 1 }],
      ['remove', { titleId: null }],
    ]);
    a.stop();
  });

  it('a failed removal keeps the entries and shows the error until dismissed; an empty history removes nothing', () => {
    const failed = after(historyMachine, undefined, [{ type: 'history.loaded', entries: TWO }, { type: 'history.clear' }, FAIL]);
    expect(failed.value).toBe('shown');
    expect(failed.context.entries).toHaveLength(2);
    expect(failed.context.error).toBe('Network error');
    const dismissed = after(historyMachine, undefined, [
      { type: 'history.loaded', entries: TWO },
      { type: 'history.clear' },
      FAIL,
      { type: 'error.dismiss' },
    ]);
    expect(dismissed.context.error).toBe(null);
    expect(after(historyMachine, undefined, [{ type: 'history.loaded', entries: [] }, { type: 'history.clear' }]).value).toBe('shown');
  });

  it('a failed load shows the error; retry loads again', () => {
    const log = actionLog('load');
    const a = createActor(historyMachine.provide({ actions: log.actions })).start();
    a.send(FAIL);
    expect(a.getSnapshot().value).toBe('error');
    a.send({ type: 'history.retry' });
    expect(a.getSnapshot().value).toBe('loading');
    expect(a.getSnapshot().context.error).toBe(null);
    expect(log.names()).toEqual(['load', 'load']);
    a.stop();
  });
});
