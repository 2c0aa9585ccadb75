import type { CoverTestEvent } from '../../machines/console/coverTestMachine';

/**
 * The events the cover test machine is explored with, shared by its pure
 * test (machines/console/coverTestMachine.test.ts) and the model test that
 * runs the same paths on the real console (tests/model/consoleCoverTest.test.tsx).
 */
export const COVER_TEST_EVENTS: CoverTestEvent[] = [
  { type: 'test.loaded', status: 'draft', version: 1, variants: 1 },
  { type: 'test.loaded', status: 'draft', version: 1, variants: 3 },
  { type: 'test.loaded', status: 'running', version: 1, variants: 2 },
  { type: 'test.loaded', status: 'ended', version: 1, variants: 2 },
  { type: 'variant.add' },
  { type: 'test.start', days: 14 },
  { type: 'test.end', winner: 1 },
  { type: 'test.discard' },
  { type: 'save.done', status: 'draft', version: 2, variants: 2 },
  { type: 'save.done', status: 'running', version: 2, variants: 2 },
  { type: 'save.done', status: 'ended', version: 2, variants: 2 },
  { type: 'save.failed', code: 'wrong-state' },
  { type: 'save.conflict' },
  { type: 'conflict.reload' },
];

// Versions and problems do not change what a state allows: explore by value, status and the number of variants.
export const byCoverStatus = (s: { value: unknown; context: unknown }) => {
  const c = s.context as { status: string; variants: number };
  return `${JSON.stringify(s.value)}/${c.status}/${c.variants}`;
};
