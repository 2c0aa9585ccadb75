import { describe, expect, it } from 'vitest';
import { firstUse } from '../../server/lib/firstUse.js';

describe('firstUse', () => {
  it('makes the thing once for every caller, and nothing before the first', async () => {
    let makes = 0;
    const thing = firstUse(() => Promise.resolve(++makes));
    expect(thing.made()).toBeUndefined();
    expect(await Promise.all([thing.get(), thing.get()])).toEqual([1, 1]);
    expect(await thing.get()).toBe(1);
    expect(makes).toBe(1);
    expect(await thing.made()).toBe(1);
  });

  it('forgets a making that failed, so the next call tries again', async () => {
    let makes = 0;
    const thing = firstUse(() => (++makes === 1 ? Promise.reject(new Error('not yet')) : Promise.resolve('made')));
    await expect(thing.get()).rejects.toThrow('not yet');
    expect(thing.made()).toBeUndefined();
    expect(await thing.get()).toBe('made');
    expect(makes).toBe(2);
  });
});
