import { describe, expect, it } from 'vitest';
import { chapterSortMachine } from './chapterSortMachine';
import { after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

describe('chapterSortMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'chapterSort',
      chapterSortMachine,
      machinePaths(chapterSortMachine, { inputs: [{ descending: false }, { descending: true }] }),
    );
  });

  it("starts in the server's order and each toggle swaps it", () => {
    expect(after(chapterSortMachine, { descending: false }, []).value).toBe('oldestFirst');
    expect(after(chapterSortMachine, { descending: true }, []).value).toBe('newestFirst');
    expect(after(chapterSortMachine, { descending: false }, [{ type: 'sort.toggle' }]).value).toBe('newestFirst');
    expect(after(chapterSortMachine, { descending: true }, [{ type: 'sort.toggle' }, { type: 'sort.toggle' }]).value).toBe('newestFirst');
  });
});
