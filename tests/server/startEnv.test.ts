import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEnv } from '../e2e/harness.js';

/**
 * `npm start` bounds glibc's malloc arenas (README, Configuration),
 * and the servers the tests and benches start get what it sets.
 */
describe('npm start', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('sets MALLOC_ARENA_MAX to 2 unless the environment says otherwise', () => {
    vi.stubEnv('MALLOC_ARENA_MAX', '');
    expect(startEnv()).toEqual({ MALLOC_ARENA_MAX: '2' });
    vi.stubEnv('MALLOC_ARENA_MAX', '4');
    expect(startEnv()).toEqual({ MALLOC_ARENA_MAX: '4' });
  });
});
