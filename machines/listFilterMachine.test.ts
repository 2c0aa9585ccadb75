import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { listFilterMachine, type ListFilterEvent } from './listFilterMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: ListFilterEvent[] = [
  { type: 'filter.open' },
  { type: 'sort.open' },
  { type: 'modal.close' },
  { type: 'filter.tag', slug: 'action' },
  { type: 'filter.label', code: 'jump' },
  { type: 'filter.clear' },
  { type: 'sort.set', sort: 'az' },
  { type: 'sort.set', sort: 'recent' },
];

describe('listFilterMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('listFilter', listFilterMachine, machinePaths(listFilterMachine, { inputs: [{}], events: EVENTS }));
  });

  it('selecting the selected tag or label again turns it off; every change is saved', () => {
    const log = actionLog('saveSelection');
    const a = createActor(listFilterMachine.provide({ actions: log.actions }), { input: { label: 'jump' } }).start();
    a.send({ type: 'filter.open' });
    a.send({ type: 'filter.tag', slug: 'action' });
    expect(a.getSnapshot().context).toEqual({ tag: 'action', label: 'jump', sort: 'az' });
    a.send({ type: 'filter.tag', slug: 'action' });
    a.send({ type: 'filter.label', code: 'jump' });
    expect(a.getSnapshot().context).toEqual({ tag: null, label: null, sort: 'az' });
    a.send({ type: 'filter.tag', slug: 'romance' });
    a.send({ type: 'filter.clear' });
    expect(a.getSnapshot().context).toEqual({ tag: null, label: null, sort: 'az' });
    expect(log.calls.map(([, p]) => p)).toEqual([
      { tag: 'action', label: 'jump', sort: 'az' },
      { tag: null, label: 'jump', sort: 'az' },
      { tag: null, label: null, sort: 'az' },
      { tag: 'romance', label: null, sort: 'az' },
      { tag: null, label: null, sort: 'az' },
    ]);
  });

  it('the current sort cannot be chosen again; another one closes the modal', () => {
    expect(after(listFilterMachine, { sort: 'za' }, [{ type: 'sort.open' }, { type: 'sort.set', sort: 'za' }]).value).toBe('sortOpen');
    const sorted = after(listFilterMachine, { sort: 'za' }, [{ type: 'sort.open' }, { type: 'sort.set', sort: 'recent' }]);
    expect(sorted.value).toBe('closed');
    expect(sorted.context.sort).toBe('recent');
    // Filters are chosen in the filter modal only.
    expect(after(listFilterMachine, {}, [{ type: 'filter.tag', slug: 'action' }]).context.tag).toBe(null);
  });
});
