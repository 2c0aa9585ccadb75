import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { searchTextMachine, type SearchTextEvent } from './searchTextMachine';
import { expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const EVENTS: SearchTextEvent[] = [
  { type: 'text.change', value: 'one' },
  { type: 'text.change', value: '' },
  { type: 'text.submit' },
  { type: 'text.sync', value: 'piece' },
];

describe('searchTextMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('searchText', searchTextMachine, machinePaths(searchTextMachine, { inputs: [{}], events: EVENTS }));
  });

  it('an empty input never overwrites the stored text', () => {
    const went: string[] = [];
    const a = createActor(searchTextMachine.provide({ actions: { goToResults: (_, p) => void went.push(p.keyword) } }), {
      input: { stored: 'dragon' },
    }).start();
    a.send({ type: 'text.change', value: '   ' });
    a.send({ type: 'text.submit' });
    expect(went).toEqual([]);
    expect(a.getSnapshot().context.stored).toBe('dragon');
    a.send({ type: 'text.change', value: ' Ninja ' });
    a.send({ type: 'text.submit' });
    expect(went).toEqual(['Ninja']);
    expect(a.getSnapshot().context.stored).toBe('Ninja');
    a.send({ type: 'text.sync', value: '' });
    expect(a.getSnapshot().context.stored).toBe('Ninja');
  });
});
