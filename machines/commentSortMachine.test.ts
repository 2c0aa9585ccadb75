import { describe, expect, it } from 'vitest';
import { commentSortMachine } from './commentSortMachine';
import { after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

describe('commentSortMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage('commentSort', commentSortMachine, machinePaths(commentSortMachine));
  });

  it('sorts by likes by default; choosing the current sort again changes nothing', () => {
    expect(after(commentSortMachine, undefined, []).value).toBe('likes');
    expect(after(commentSortMachine, undefined, [{ type: 'sort.likes' }]).value).toBe('likes');
    expect(after(commentSortMachine, undefined, [{ type: 'sort.latest' }, { type: 'sort.latest' }]).value).toBe('latest');
    expect(after(commentSortMachine, undefined, [{ type: 'sort.latest' }, { type: 'sort.likes' }]).value).toBe('likes');
  });
});
